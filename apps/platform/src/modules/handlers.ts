import type {
  Api,
  MethodDefinition,
  ModuleName,
  ResponseOf,
  ValidParamsOf,
} from '@northstar/contract';
import type { RequestContext } from '../context.ts';

// Issue #23: what a module's handler is belongs to modules/ (http/ dispatches to them and imports
// this one way); it was in http/, which tied http/ and modules/ in a cycle.

export type Handler<M extends MethodDefinition> = (
  ctx: RequestContext,
  params: ValidParamsOf<M>,
) => Promise<ResponseOf<M>>;

/** The handlers of one API module, typed by the contract: a wrong param or answer won't compile. */
export type ModuleHandlers<M extends ModuleName> = {
  [N in keyof Api[M]]?: Api[M][N] extends MethodDefinition ? Handler<Api[M][N]> : never;
};
