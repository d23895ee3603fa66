import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH, messageErrors, serverMessageErrors } from './message-rules.ts';

describe('§5 the support forms', () => {
  const valid = { email: 'ana@example.com', message: 'My deposit has not arrived.' };

  it('passes a valid message, with or without an optional e-mail', () => {
    expect(messageErrors(valid, { emailRequired: true })).toEqual({});
    expect(messageErrors({ ...valid, email: '' }, { emailRequired: false })).toEqual({});
  });

  it('asks a visitor for an e-mail, and checks any e-mail given', () => {
    expect(messageErrors({ ...valid, email: ' ' }, { emailRequired: true })).toEqual({
      email: 'required',
    });
    for (const email of ['ana', 'ana@', 'ana@example', 'a b@example.com', 'ana@a.b.c.d']) {
      expect(messageErrors({ ...valid, email }, { emailRequired: false }), email).toEqual({
        email: 'email',
      });
    }
    expect(
      messageErrors({ ...valid, email: 'ana@mail.example.co' }, { emailRequired: true }),
    ).toEqual({});
  });

  it('needs a message of at most 4,000 characters after trimming', () => {
    expect(messageErrors({ ...valid, message: '   \n ' }, { emailRequired: false })).toEqual({
      message: 'required',
    });
    const longest = 'x'.repeat(MESSAGE_MAX_LENGTH);
    expect(messageErrors({ ...valid, message: ` ${longest} ` }, { emailRequired: false })).toEqual(
      {},
    );
    expect(messageErrors({ ...valid, message: `${longest}x` }, { emailRequired: false })).toEqual({
      message: 'max_length',
    });
  });

  it('puts the server’s field errors on the fields, the first code of each', () => {
    expect(
      serverMessageErrors(
        { email: ['email', 'required'], text: ['max_length'], token: ['required'] },
        { email: 'email', text: 'message' },
      ),
    ).toEqual({ email: 'email', message: 'max_length' });
  });
});
