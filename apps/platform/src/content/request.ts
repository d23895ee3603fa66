import type { FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import { ApiError } from '@northstar/errors';
import { checked } from '../lib/input.ts';

/**
 * Reading the content backend's requests, shared by its routes: the raw query (the bracket
 * syntax is parsed by `query.ts`, not Fastify), entry ids, and JSON bodies checked by a schema.
 */
export function rawQuery(request: FastifyRequest): string {
  const index = request.url.indexOf('?');
  return index === -1 ? '' : request.url.slice(index + 1);
}

/**
 * A path's entry: a positive integer id, or a Strapi 5 `documentId` (24 lower-case letters and
 * digits, as Strapi makes them and ours are); else a typed 400 on `id`.
 */
export function entryRef(value: string): number | string {
  if (/^[a-z0-9]{24}$/.test(value)) return value;
  return entryId(value);
}

/** A path id: a positive integer, else a typed 400 on `id`. */
export function entryId(value: string): number {
  if (!/^\d{1,9}$/.test(value) || Number(value) === 0) {
    throw new ApiError('InvalidParameter', 'The id must be a positive integer or a documentId', {
      invalidParameters: { id: ['wrong_field'] },
    });
  }
  return Number(value);
}

/** A body checked against `schema`; a typed 400 naming each field that fails. */
export function parseBody<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  return checked(schema, body ?? {});
}
