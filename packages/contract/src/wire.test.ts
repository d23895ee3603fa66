import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import * as w from './wire.ts';

const schema = w.params({ token: w.text({ max: 8 }), note: w.optional(w.text()) });
const codes = (input: Record<string, unknown>) => {
  const parsed = v.safeParse(schema, input);
  return parsed.success ? null : w.invalidParameters(parsed.issues);
};

describe('invalidParameters', () => {
  it('calls a missing param required and an unknown one unknown_parameter', () => {
    expect(codes({})).toEqual({ token: ['required'] });
    expect(codes({ token: 'abc', extra: '1' })).toEqual({ extra: ['unknown_parameter'] });
    expect(codes({ extra: '1' })).toEqual({
      token: ['required'],
      extra: ['unknown_parameter'],
    });
  });

  it('keeps the rule codes of present params', () => {
    expect(codes({ token: '' })).toEqual({ token: ['required'] });
    expect(codes({ token: 'x'.repeat(9) })).toEqual({ token: ['max_length'] });
    expect(codes({ token: 'abc' })).toBeNull();
  });
});

describe('list', () => {
  const statuses = w.params({ status: w.optional(w.list(['active', 'used'])) });
  it('splits a comma-joined value into known items', () => {
    expect(v.parse(statuses, { status: 'active, used' })).toEqual({ status: ['active', 'used'] });
  });
  it('reports an unknown item on the param, not on an index inside it', () => {
    const parsed = v.safeParse(statuses, { status: 'active,wagered' });
    expect(parsed.success ? null : w.invalidParameters(parsed.issues)).toEqual({
      status: ['wrong_field'],
    });
  });
});
