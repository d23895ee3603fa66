import type {
  Api,
  MethodDefinition,
  ModuleName,
  ResponseOf,
  ValidParamsOf,
} from '@northstar/contract';
import type { RequestContext } from '../context.ts';

export type Handler<M extends MethodDefinition> = (
  ctx: RequestContext,
  params: ValidParamsOf<M>,
) => Promise<ResponseOf<M>>;

/** The handlers of one API module, typed by the contract: a wrong param or answer won't compile. */
export type ModuleHandlers<M extends ModuleName> = {
  [N in keyof Api[M]]?: Api[M][N] extends MethodDefinition ? Handler<Api[M][N]> : never;
};
