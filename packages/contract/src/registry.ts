import type { MethodDefinition } from './define-method.ts';
import { methodKey } from './define-method.ts';
import { api } from './methods.ts';

/** Every method of the registry, flat. */
export const METHODS: readonly MethodDefinition[] = Object.values(api).flatMap(
  (module) => Object.values(module) as MethodDefinition[],
);

const byKey = new Map(METHODS.map((m) => [methodKey(m.module, m.method), m]));

/** Looks a method up the way routes match: `module/method`, case-insensitively. */
export function findMethod(module: string, method: string): MethodDefinition | undefined {
  return byKey.get(methodKey(module, method));
}
