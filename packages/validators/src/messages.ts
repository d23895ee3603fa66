/**
 * Field error codes and their messages.
 *
 * A rule's issue message is the error code (the §5 dictionary name in snake_case, the same code
 * the server returns in `invalid_parameters`) with its parameters as a query string:
 * `min_length?min=6`, `password?chars=%20%3C`. react-hook-form keeps only a string per field
 * error, so the string carries what the UI needs to translate it (`translateMessage`).
 */

export const FIELD_ERROR_CODES = [
  // the §5 default dictionary
  'required',
  'email',
  'min_length',
  'max_length',
  'phone',
  'fakename',
  'password',
  'name',
  'address',
  'iban',
  'same_as',
  'regex',
  'card_number',
  'min_value',
  'max_value',
  'date',
  // further §5 field rules
  'verification_code',
  'sum',
  'sum_range',
  'postcode',
  'card_holder',
  'username',
  'allowed_characters',
  'mask',
] as const;

export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

export type MessageParams = Record<string, string | number>;

export interface DecodedMessage {
  code: string;
  params: Record<string, string>;
}

export function encodeMessage(code: FieldErrorCode, params?: MessageParams): string {
  if (!params) return code;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) query.set(key, String(value));
  const text = query.toString();
  return text === '' ? code : `${code}?${text}`;
}

export function decodeMessage(message: string): DecodedMessage {
  const at = message.indexOf('?');
  if (at < 0) return { code: message, params: {} };
  return {
    code: message.slice(0, at),
    params: Object.fromEntries(new URLSearchParams(message.slice(at + 1))),
  };
}

/**
 * English texts. A key `code.kind` overrides `code` for a rule that passes `kind` (the phone
 * and email fields' own 'required' texts, §5). `{name}` is replaced by the parameter.
 */
export const defaultMessages: Readonly<Record<string, string>> = {
  required: 'Value required',
  'required.phone': 'Insert phone number',
  'required.email': 'Insert email address',
  'required.checkbox': 'Must be checked',
  email: 'Wrong email address',
  min_length: 'Min length {min}',
  max_length: 'Max length {max}',
  phone: 'Wrong phone format',
  fakename: 'Letters and digits only, no spaces or symbols',
  password: 'Forbidden characters: {chars}',
  name: 'Wrong field',
  address: 'Wrong field',
  iban: 'Wrong IBAN',
  same_as: 'Same as {other}',
  'same_as.password': 'Passwords not equal',
  regex: 'Wrong format',
  card_number: 'Wrong card number',
  min_value: 'Min value {min}',
  max_value: 'Max value {max}',
  date: 'Wrong date',
  verification_code: 'Enter the 6-digit code',
  sum: 'Wrong field',
  sum_range: 'Enter an amount from {min} to {max}',
  postcode: 'Wrong postcode',
  card_holder: "Letters, spaces and . ' - only",
  username: 'No spaces, quotes, dashes or punctuation',
  allowed_characters: 'Forbidden characters: {chars}',
  mask: 'Fill in the whole value',
};

/**
 * The text for an encoded message, from `messages` (a translated dictionary) falling back to
 * English, then to the code itself. `format` renders a parameter (e.g. a sum in currency).
 */
export function translateMessage(
  message: string,
  messages: Readonly<Record<string, string>> = defaultMessages,
  format: (name: string, value: string) => string = (_name, value) => value,
): string {
  const { code, params } = decodeMessage(message);
  const kind = params.kind;
  const candidates = kind ? [`${code}.${kind}`, code] : [code];
  let template: string | undefined;
  for (const dictionary of [messages, defaultMessages]) {
    template = candidates.map((key) => dictionary[key]).find((text) => text !== undefined);
    if (template !== undefined) break;
  }
  if (template === undefined) return code;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : format(name, value);
  });
}
