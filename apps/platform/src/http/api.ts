import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { findMethod, methodKey, METHODS, type MethodDefinition } from '@northstar/contract';
import { ApiError } from '@northstar/errors';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from '@northstar/i18n/locales';
import type { AppContext, RequestContext } from '../context.ts';
import { resolveSession, resolveStaffSession } from '../identity/index.ts';
import { generalSettings } from '../lib/general-settings.ts';
import { HANDLERS, type Handler } from '../modules/index.ts';
import { wasAudited } from '../modules/staff-audit.ts';
import { checked } from '../lib/input.ts';
import { hasMarker } from '../lib/marker.ts';

export const API_ROUTE = '/api/:module/:method';
const started = new WeakSet<FastifyRequest>();
/** Whether the API handler began: errors before it come from reading the request. */
export const handlerStarted = (request: FastifyRequest) => started.has(request);

/** Query keys every call carries (§7) and that are not method params. */
const RESERVED_QUERY = new Set(['v', 'locale', '_non_strict']);

function requestLocale(request: FastifyRequest): Locale {
  const query = (request.query as Record<string, unknown>).locale;
  if (typeof query === 'string' && isLocale(query)) return query;
  const cookie = request.cookies[LOCALE_COOKIE];
  return isLocale(cookie) ? cookie : DEFAULT_LOCALE;
}

function collectParams(request: FastifyRequest): Record<string, unknown> {
  // No prototype: a param named `constructor` or `__proto__` is just a (refused) key.
  const params: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    if (!RESERVED_QUERY.has(key)) params[key] = value;
  }
  const body = request.body;
  if (body !== undefined && body !== null) {
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw new ApiError('InvalidRequest', 'The body must be form data');
    }
    for (const [key, value] of Object.entries(body)) params[key] = value;
  }
  // PostgreSQL text cannot hold a NUL character: a value with one would fail at the database
  // (a 500) wherever it is stored, so it is refused here for every method, on its field.
  for (const [key, value] of Object.entries(params)) {
    if (hasNul(value)) {
      throw new ApiError('InvalidParameter', 'Some parameters are not valid', {
        invalidParameters: { [key]: ['wrong_field'] },
      });
    }
  }
  return params;
}

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  // An uploaded file's bytes are a file's, not text the database stores as such.
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return false;
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || hasNul(inner));
  }
  return false;
}

/** Every built method has a handler, every handler a built method (checked at start and in tests). */
export function checkHandlers(): void {
  for (const method of METHODS) {
    const key = methodKey(method.module, method.method);
    const handler = HANDLERS.get(key);
    if (method.status === 'built' && !handler)
      throw new Error(`built method ${key} has no handler`);
    if (method.status === 'planned' && handler)
      throw new Error(`planned method ${key} has a handler`);
  }
}

/**
 * `/api/{module}/{method}`: one route for the whole registry, in this order: the method is looked
 * up case-insensitively, the marker header is required on state-changing calls, access is checked
 * (the player session, or the back-office session and its roles), params are validated against the contract, and the answer
 * is checked against the contract's response schema before it leaves.
 */
export function registerApi(server: FastifyInstance, app: AppContext): void {
  checkHandlers();
  server.route<{ Params: { module: string; method: string } }>({
    method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
    url: API_ROUTE,
    handler: async (request, reply) => {
      started.add(request);
      const definition: MethodDefinition | undefined = findMethod(
        request.params.module,
        request.params.method,
      );
      if (!definition)
        throw new ApiError(
          'MethodNotFound',
          `Unknown method ${request.params.module}/${request.params.method}`,
        );
      if (request.method !== definition.http) {
        throw new ApiError(
          'InvalidRequest',
          `${definition.module}/${definition.method} is called with ${definition.http}`,
        );
      }
      const mutates = definition.http === 'POST' || definition.mutates === true;
      if (mutates && !hasMarker(request.headers['x-app-client'])) {
        throw new ApiError('AccessDenied', 'State-changing calls need the X-App-Client header');
      }

      // Who is calling comes before what they sent: a visitor calling a player method learns only
      // that it needs a sign-in (401), not its parameters; a staff member calling a method of
      // another role, only that it is not theirs (403). Staff methods look at the back-office
      // session alone (issue #30): a player session, even a staff account's, opens none of them.
      const staff = definition.access === 'staff' ? await staffFor(app, request, definition) : null;
      const settings = generalSettings();
      const session =
        definition.access === 'staff'
          ? null
          : await resolveSession(app, request, settings.time_to_force_logout);
      if (definition.access === 'player' && !session) {
        throw new ApiError('Authorization', 'Sign in to continue');
      }
      const ctx: RequestContext = {
        app,
        request,
        reply,
        ip: request.ip,
        locale: requestLocale(request),
        session,
        playerId: () => {
          if (!session) throw new ApiError('Authorization', 'Sign in to continue');
          return session.playerId;
        },
        staff,
        method: `${definition.module}/${definition.method}`,
      };

      const params = checked(
        definition.params,
        collectParams(request),
        'Some parameters are not valid',
      );
      if (definition.status === 'planned') {
        throw new ApiError(
          'MethodNotFound',
          `${definition.module}/${definition.method} is not available yet`,
        );
      }
      const handler = HANDLERS.get(methodKey(definition.module, definition.method)) as
        Handler<MethodDefinition> | undefined;
      if (!handler) throw new ApiError('MethodNotFound', 'Not available');

      const data = await handler(ctx, params as never);
      if (staff && mutates && !wasAudited(ctx)) {
        // Every change staff make leaves its audit row (the audit test walks every method); one
        // that did not is a bug to fix, said loudly, not an answer to withhold after the change.
        request.log.error({ method: ctx.method }, 'a staff change wrote no audit row');
      }
      const answer = v.safeParse(definition.response, data);
      if (!answer.success) {
        request.log.error({ issues: answer.issues }, 'answer does not match the contract');
        throw new Error(`${definition.module}/${definition.method} answered outside its contract`);
      }
      return reply.header('cache-control', 'no-store').send({ data: answer.output });
    },
  });
}

/** The back-office session's staff member, if one of their roles may call the method. */
async function staffFor(app: AppContext, request: FastifyRequest, definition: MethodDefinition) {
  const staff = await resolveStaffSession(app, request);
  if (!staff) throw new ApiError('Authorization', 'Sign in to the back office to continue');
  const allowed = definition.roles ?? ['admin'];
  if (!staff.roles.some((role) => allowed.includes(role))) {
    throw new ApiError('AccessDenied', 'Your role may not do this');
  }
  return staff;
}
