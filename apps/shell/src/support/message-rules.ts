/**
 * §5 rules of the support forms (the feedback form of `/support` and the chat's leave-a-message
 * form), the same the contract checks on the server (`support/sendFeedback`, `chat/leavemessage`):
 * the e-mail required where asked for and of the §5 pattern, the text required (after trimming)
 * and at most 4,000 characters. Pure: the forms translate the codes.
 */

/** The contract's longest message (`w.text({ max: 4000 })`). */
export const MESSAGE_MAX_LENGTH = 4000;

/** §5 email: local@domain with one to two dot parts, no whitespace. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+){1,2}$/;

export type MessageField = 'email' | 'message';
/** The §5 dictionary codes these rules give, as the server gives them in `invalid_parameters`. */
export type MessageErrorCode = 'required' | 'email' | 'max_length';

export interface MessageValues {
  email: string;
  message: string;
}

export type MessageErrors = Partial<Record<MessageField, string>>;

export function messageErrors(
  values: MessageValues,
  options: { emailRequired: boolean },
): Partial<Record<MessageField, MessageErrorCode>> {
  const errors: Partial<Record<MessageField, MessageErrorCode>> = {};
  const email = values.email.trim();
  if (email === '') {
    if (options.emailRequired) errors.email = 'required';
  } else if (email.length > 254 || !EMAIL_PATTERN.test(email)) {
    errors.email = 'email';
  }
  const message = values.message.trim();
  if (message === '') errors.message = 'required';
  else if (message.length > MESSAGE_MAX_LENGTH) errors.message = 'max_length';
  return errors;
}

/**
 * The server's field errors (`invalid_parameters`) on the form's fields: the first code of each,
 * `fields` naming which parameter is which field (`text` is the chat's message). Parameters that
 * name no field are left out (the form shows its general notice for them).
 */
export function serverMessageErrors(
  invalidParameters: Readonly<Record<string, readonly string[]>>,
  fields: Readonly<Record<string, MessageField>>,
): MessageErrors {
  const errors: MessageErrors = {};
  for (const [parameter, codes] of Object.entries(invalidParameters)) {
    const field = fields[parameter];
    const code = codes[0];
    if (field && code && !errors[field]) errors[field] = code;
  }
  return errors;
}
