import * as v from 'valibot';
import { invalidParameters } from '@northstar/contract';
import { ApiError } from '@northstar/errors';

/**
 * Untyped input (request bodies and queries, free-form content JSON) made typed: one place for
 * the check-or-typed-400 every route does, so each answers the same §8 shape.
 */
export function checked<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  message = 'Some fields need attention',
): v.InferOutput<S> {
  const parsed = v.safeParse(schema, input);
  if (!parsed.success) {
    throw new ApiError('InvalidParameter', message, {
      invalidParameters: invalidParameters(parsed.issues),
    });
  }
  return parsed.output;
}

/** A plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
