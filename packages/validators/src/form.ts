/**
 * Glue for react-hook-form and for the server: the valibot resolver from @hookform/resolvers
 * (valibot 1.x is supported there), field errors from valibot issues as the server's
 * `invalid_parameters`, and the server's field errors back onto the form (§5 Timing).
 */
import { valibotResolver } from '@hookform/resolvers/valibot';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import * as v from 'valibot';
import {
  decodeMessage,
  encodeMessage,
  FIELD_ERROR_CODES,
  type FieldErrorCode,
} from './messages.ts';

export { valibotResolver };

const KNOWN_CODES: ReadonlySet<string> = new Set(FIELD_ERROR_CODES);

function isFieldErrorCode(code: string): code is FieldErrorCode {
  return KNOWN_CODES.has(code);
}

/**
 * The field error code of an issue: our rules' code; else a valibot action whose type is one of
 * ours (`min_length`, `email`, `regex`, …); else `required` for a missing value; else `regex`
 * (wrong format).
 */
export function issueCode(issue: v.BaseIssue<unknown>): FieldErrorCode {
  const { code } = decodeMessage(issue.message);
  if (isFieldErrorCode(code)) return code;
  if (isFieldErrorCode(issue.type)) return issue.type;
  if (issue.input === undefined || issue.input === null || issue.input === '') return 'required';
  return 'regex';
}

/**
 * `invalid_parameters` for a failed parse: dot path → codes, each once, in issue order. Issues
 * without a path (about the whole object) are keyed ''.
 */
export function invalidParametersFromIssues(
  issues: readonly v.BaseIssue<unknown>[],
): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '';
    const code = issueCode(issue);
    const codes = (result[key] ??= []);
    if (!codes.includes(code)) codes.push(code);
  }
  return result;
}

/** The server names the phone `mobile` where a form says `phone`, and the other way round (§5). */
const SWAPPED_FIELDS: Readonly<Record<string, string>> = { phone: 'mobile', mobile: 'phone' };

export interface ServerFieldError {
  field: string;
  code: string;
  /** The encoded message for the field (see `translateMessage`). */
  message: string;
}

export interface ServerFieldErrors {
  fields: ServerFieldError[];
  /** Parameters that name no field of the form: show them in a notice. */
  unmatched: Record<string, string[]>;
}

/**
 * Maps `invalid_parameters` onto the form's fields. `dictionary` remaps a server code to a
 * message key (the forms config's "API validation errors"); each field gets its first code.
 */
export function serverFieldErrors(
  invalidParameters: Readonly<Record<string, readonly string[]>>,
  fieldNames: readonly string[],
  dictionary: Readonly<Record<string, string>> = {},
): ServerFieldErrors {
  const fields: ServerFieldError[] = [];
  const unmatched: Record<string, string[]> = {};
  for (const [parameter, codes] of Object.entries(invalidParameters)) {
    const code = codes[0];
    if (code === undefined) continue;
    const swapped = SWAPPED_FIELDS[parameter];
    const fieldName = fieldNames.includes(parameter)
      ? parameter
      : swapped !== undefined && fieldNames.includes(swapped)
        ? swapped
        : null;
    if (fieldName === null) {
      unmatched[parameter] = [...codes];
      continue;
    }
    const key = dictionary[code] ?? code;
    const message = isFieldErrorCode(key) ? encodeMessage(key) : key;
    fields.push({ field: fieldName, code, message });
  }
  return { fields, unmatched };
}

/**
 * Puts the server's field errors on a react-hook-form form (type `server`), focusing the first
 * one, and returns the parameters that matched no field.
 */
export function setServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  invalidParameters: Readonly<Record<string, readonly string[]>>,
  fieldNames: readonly Path<T>[],
  dictionary?: Readonly<Record<string, string>>,
): Record<string, string[]> {
  const { fields, unmatched } = serverFieldErrors(invalidParameters, fieldNames, dictionary);
  fields.forEach((error, index) => {
    setError(
      error.field as Path<T>,
      { type: 'server', message: error.message },
      { shouldFocus: index === 0 },
    );
  });
  return unmatched;
}
