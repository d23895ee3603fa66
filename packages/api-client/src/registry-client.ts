import {
  api,
  type Api,
  type MethodDefinition,
  type ModuleName,
  type ResponseOf,
} from '@northstar/contract';
import { createTransport, type ApiClientOptions, type ArgsOf } from './transport.ts';

/**
 * The typed client by name: `client.call('account', 'getInfo')`, checked against the registry.
 * It bundles every method's definition; a page that must stay small (the shell's first screen)
 * uses `createTransport` with the few `MethodRef`s it needs.
 */
export function createApiClient(options: ApiClientOptions) {
  const transport = createTransport(options);

  function call<Mod extends ModuleName, Name extends keyof Api[Mod] & string>(
    module: Mod,
    method: Name,
    ...[params]: Api[Mod][Name] extends MethodDefinition ? ArgsOf<Api[Mod][Name]> : never
  ): Promise<Api[Mod][Name] extends MethodDefinition ? ResponseOf<Api[Mod][Name]> : never> {
    const definition = (api[module] as Record<string, MethodDefinition>)[method];
    if (!definition) throw new Error(`unknown method ${module}/${method}`);
    return (transport.send as (ref: MethodDefinition, params?: unknown) => Promise<unknown>)(
      definition,
      params,
    ) as never;
  }

  return { call, send: transport.send };
}

export type ApiClient = ReturnType<typeof createApiClient>;
