import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorBody, isApiError } from './api-error.ts';

describe('apiErrorBody', () => {
  it('builds the wire body with the catalogue status and code', () => {
    expect(
      apiErrorBody('InvalidParameter', 'Invalid parameters', {
        invalid_parameters: { email: ['required'], password: ['min_length'] },
      }),
    ).toEqual({
      status: 400,
      body: {
        error: {
          type: 'InvalidParameterException',
          code: 'invalid_parameter',
          message: 'Invalid parameters',
          invalid_parameters: { email: ['required'], password: ['min_length'] },
        },
      },
    });
  });

  it('leaves out absent extras', () => {
    const { status, body } = apiErrorBody('UserBanned', 'Banned', {
      error_data: { type: 'user-banned' },
    });
    expect(status).toBe(403);
    expect(body.error).toEqual({
      type: 'UserBannedException',
      code: 'user_banned',
      message: 'Banned',
      error_data: { type: 'user-banned' },
    });
    expect('invalid_parameters' in apiErrorBody('UnknownError', 'x').body.error).toBe(false);
  });
});

describe('ApiError', () => {
  it('defaults status and code from the catalogue', () => {
    const error = new ApiError('TooManyRequests', 'Slow down');
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'ApiError',
      type: 'TooManyRequests',
      status: 429,
      code: 'too_many_requests',
      message: 'Slow down',
      invalidParameters: {},
      errorData: {},
    });
    expect(isApiError(error)).toBe(true);
  });

  it('round-trips through the wire body', () => {
    const { status, body } = apiErrorBody('InvalidParameter', 'Bad', {
      invalid_parameters: { phone: ['phone'] },
      error_data: { attempt: 2 },
    });
    const error = ApiError.fromResponse(status, JSON.parse(JSON.stringify(body)));
    expect(error).toMatchObject({
      type: 'InvalidParameter',
      status: 400,
      code: 'invalid_parameter',
      message: 'Bad',
      invalidParameters: { phone: ['phone'] },
      errorData: { attempt: 2 },
    });
    expect(error.toBody()).toEqual(body);
  });

  it('keeps the HTTP status that was received', () => {
    const error = ApiError.fromResponse(502, apiErrorBody('UnknownError', 'Upstream').body);
    expect(error.status).toBe(502);
    expect(error.type).toBe('UnknownError');
  });

  it.each<[string, number, unknown]>([
    ['undefined', 500, undefined],
    ['null', 503, null],
    ['an HTML page', 502, '<html>Bad gateway</html>'],
    ['a number', 400, 42],
    ['an array', 400, [1, 2]],
    ['an empty object', 404, {}],
    ['error not an object', 400, { error: 'nope' }],
    ['an unknown type', 418, { error: { type: 'TeapotException', message: 'I am a teapot' } }],
    ['a type that is not a string', 400, { error: { type: 7, code: 3 } }],
    ['the content backend shape', 401, { error: { status: 401, name: 'UnauthorizedError' } }],
    ['a prototype key as type', 400, { error: { type: '__proto__Exception' } }],
  ])('never throws on junk (%s): UnknownError with the HTTP status', (_label, status, body) => {
    const error = ApiError.fromResponse(status, body);
    expect(error.type).toBe('UnknownError');
    expect(error.status).toBe(status);
    expect(error.code).toBe('unknown_error');
    expect(typeof error.message).toBe('string');
    expect(error.invalidParameters).toEqual({});
  });

  it('keeps the message of an unknown type', () => {
    expect(ApiError.fromResponse(418, { error: { message: 'I am a teapot' } }).message).toBe(
      'I am a teapot',
    );
  });

  it('uses 500 when the status itself is junk', () => {
    expect(ApiError.fromResponse(Number.NaN, null).status).toBe(500);
    expect(ApiError.fromResponse(0, null).status).toBe(500);
  });

  it('keeps only well-formed invalid_parameters and an object error_data', () => {
    const error = ApiError.fromResponse(400, {
      error: {
        type: 'InvalidParameterException',
        code: 'invalid_parameter',
        message: 'Bad',
        invalid_parameters: { a: ['required', 5], b: 'email', c: 7, d: [] },
        error_data: ['not', 'an', 'object'],
      },
    });
    expect(error.invalidParameters).toEqual({ a: ['required'], b: ['email'] });
    expect(error.errorData).toEqual({});
  });

  it('is recognised across package copies by name and shape', () => {
    const foreign = Object.assign(new Error('x'), { name: 'ApiError', type: 'X', status: 400 });
    expect(isApiError(foreign)).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError({ name: 'ApiError', type: 'X', status: 400 })).toBe(false);
  });
});
