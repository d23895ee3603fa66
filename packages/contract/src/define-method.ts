import type { GenericSchema, InferInput, InferOutput } from 'valibot';

/** Who may call a method: anyone, a signed-in player, or staff. */
export type Access = 'public' | 'player' | 'staff';

/**
 * Issue #30: what a staff member may do. A staff account holds one or more roles; every staff
 * method names the roles that may call it (`roles`), and the platform refuses the others.
 * - admin: everything, and the staff accounts themselves;
 * - support: players' accounts and the live chat;
 * - risk: KYC decisions, withdrawals' review, blocks;
 * - content: the site's content, banners, promotions' texts;
 * - finance: withdrawals, bonuses' and cashback's money, the dashboards.
 */
export const STAFF_ROLES = ['admin', 'support', 'risk', 'content', 'finance'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * `built` methods answer from the database; `planned` ones validate their params and then answer
 * `MethodNotFoundException` (never a fake success) until their issue lands.
 */
export type MethodStatus = 'built' | 'planned';

export interface MethodDefinition<
  Module extends string = string,
  Name extends string = string,
  Params extends GenericSchema = GenericSchema,
  Response extends GenericSchema = GenericSchema,
> {
  module: Module;
  method: Name;
  http: 'GET' | 'POST';
  access: Access;
  /** Staff methods only: the roles that may call it (admin is always one of them). */
  roles?: readonly StaffRole[];
  /** Params as they arrive on the wire (strings from the query or form data), converted and checked. */
  params: Params;
  /** The `data` of a successful answer. */
  response: Response;
  status: MethodStatus;
  /** Whether a successful call changes state (POST methods do; `auth/logout` is a GET that does). */
  mutates?: boolean;
}

export function defineMethod<
  const Module extends string,
  const Name extends string,
  Params extends GenericSchema,
  Response extends GenericSchema,
>(definition: MethodDefinition<Module, Name, Params, Response>) {
  return definition;
}

/** What a caller passes: the wire input of the params schema (strings, numbers or booleans). */
export type ParamsOf<M extends MethodDefinition> = InferInput<M['params']>;
/** What the server hands its handler after validation. */
export type ValidParamsOf<M extends MethodDefinition> = InferOutput<M['params']>;
export type ResponseOf<M extends MethodDefinition> = InferOutput<M['response']>;

/** The registry key of a method: lower-case `module/method`, as routes are matched. */
export function methodKey(module: string, method: string): string {
  return `${module.toLowerCase()}/${method.toLowerCase()}`;
}
