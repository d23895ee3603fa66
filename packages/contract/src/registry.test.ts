import { describe, expect, it } from 'vitest';
import type { MethodDefinition } from './define-method.ts';
import { methodKey } from './define-method.ts';
import { api } from './methods.ts';
import { METHODS, findMethod } from './registry.ts';

const modules = Object.entries(api).map(
  ([name, methods]) => [name, Object.entries(methods) as [string, MethodDefinition][]] as const,
);

describe('the method registry', () => {
  it('gives every module at least one method', () => {
    for (const [name, methods] of modules) expect(methods.length, name).toBeGreaterThan(0);
  });

  it('registers every module under its lower-case name', () => {
    for (const [name] of modules) expect(name).toBe(name.toLowerCase());
  });

  it('registers every method in the module its `module` field names, under its own name', () => {
    for (const [name, methods] of modules) {
      for (const [key, method] of methods) {
        expect(method.module, `${name}.${key}`).toBe(name);
        expect(method.method, `${name}.${key}`).toBe(key);
      }
    }
  });

  it('keeps each module in its own file under modules/', async () => {
    for (const [name] of modules) {
      const file: Record<string, unknown> = await import(`./modules/${name}.ts`);
      expect(Object.values(file), name).toContain(api[name as keyof typeof api]);
    }
  });

  it('has unique method keys, each found by findMethod', () => {
    const keys = METHODS.map((m) => methodKey(m.module, m.method));
    expect(new Set(keys).size).toBe(keys.length);
    expect(METHODS).toHaveLength(modules.reduce((n, [, methods]) => n + methods.length, 0));
    for (const m of METHODS) expect(findMethod(m.module.toUpperCase(), m.method)).toBe(m);
  });
});
