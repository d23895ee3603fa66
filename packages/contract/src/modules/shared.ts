import * as v from 'valibot';
import { defineMethod, type Access, type MethodStatus, type StaffRole } from '../define-method.ts';
import { listOf } from '../entities.ts';
import * as w from '../wire.ts';

/**
 * Building blocks the §7 module files share: the `method()` helper, common responses and params,
 * and the §5 name rules used by more than one module. Not part of the package's public exports.
 */
export const ok = v.literal(1);
export const anything = v.unknown();
export const fieldsParam = w.optional(w.text({ max: 500 }));
export const paging = {
  offset: w.optional(w.integer({ min: 0 })),
  count: w.optional(w.integer({ min: 1, max: 100 })),
};

export const nullableString = v.nullable(v.string());

export function method<
  const M extends string,
  const N extends string,
  P extends v.GenericSchema,
  R extends v.GenericSchema,
>(
  module: M,
  name: N,
  http: 'GET' | 'POST',
  access: Access,
  params: P,
  response: R,
  status: MethodStatus,
) {
  return defineMethod({ module, method: name, http, access, params, response, status });
}

/**
 * A staff method (issue #30): built, and callable by `admin` and the roles named. State-changing
 * ones are POSTs (or say `mutates`), and each writes one audit row.
 */
export function staffMethod<
  const M extends string,
  const N extends string,
  P extends v.GenericSchema,
  R extends v.GenericSchema,
>(
  module: M,
  name: N,
  http: 'GET' | 'POST',
  roles: readonly Exclude<StaffRole, 'admin'>[],
  params: P,
  response: R,
) {
  return defineMethod({
    module,
    method: name,
    http,
    access: 'staff',
    roles: ['admin', ...roles],
    params,
    response,
    status: 'built',
  });
}

/** §5 name rule: no digits and none of @ _ " ! ? # $ % ^ & * ( ) { } [ ] | / \ < > ~ § + : ; ` */
export const personName = () =>
  w.text({ max: 64, pattern: /^[^\d@_"!?#$%^&*(){}[\]|/\\<>~§+:;`]+$/u, code: 'name' });

/** §5 fake name: at least 4 characters, no comma, underscore, space, quotes, hyphen or specials. */
export const fakename = () =>
  w.text({
    min: 4,
    max: 32,
    pattern: /^[^,_\s'"`\-!@#$%^&*()+=[\]{};:\\|<>/?~§]+$/,
    code: 'fakename',
  });

export const bonusId = w.params({ bonus_id: w.integer({ min: 1 }) });
export const list = <S extends v.GenericSchema = typeof anything>(item: S = anything as S) =>
  listOf(item);
