/**
 * Markers the server puts in AuthorizationException messages during sign-in with two-factor
 * (§8). The server writes them verbatim; the client finds them case-insensitively. The resend
 * time, in seconds, is the number at the end of the message: `'resend time 45'`.
 */
export const TWO_FACTOR_MARKERS = {
  codeLength: 'code must contain 6 digits',
  timeExpired: 'time expired',
  codeInvalid: 'code invalid',
  alreadyEnabled: 'two-factor already enabled',
  resendTime: 'resend time',
} as const;

export type TwoFactorMarker = keyof typeof TWO_FACTOR_MARKERS;

/** Checked in this order: a message naming two markers gets the first. */
const ORDER: readonly TwoFactorMarker[] = [
  'codeLength',
  'timeExpired',
  'codeInvalid',
  'alreadyEnabled',
  'resendTime',
];

export interface TwoFactorMessage {
  marker: TwoFactorMarker;
  /** Seconds, when the message ends with a number. */
  resendTime?: number;
}

export function parseTwoFactorMessage(message: string): TwoFactorMessage | null {
  const text = message.toLowerCase();
  const marker = ORDER.find((m) => text.includes(TWO_FACTOR_MARKERS[m]));
  if (!marker) return null;
  const tail = /(\d+)\s*(?:s|sec|seconds)?\s*[.!]?\s*$/i.exec(message);
  const resendTime = tail?.[1] === undefined ? undefined : Number(tail[1]);
  return resendTime === undefined ? { marker } : { marker, resendTime };
}

/** 'Already enabled' and 'resend time' switch the sign-in popup to the twofa view (§8). */
export function switchesToTwoFactorView(marker: TwoFactorMarker): boolean {
  return marker === 'alreadyEnabled' || marker === 'resendTime';
}

/**
 * The message shown on the code field: the first three markers have their own text, anything
 * else is the generic 'something wrong' (§8).
 */
export function twoFactorCodeFieldMessage(
  message: string,
): 'codeLength' | 'timeExpired' | 'codeInvalid' | 'generic' {
  const marker = parseTwoFactorMessage(message)?.marker;
  return marker === 'codeLength' || marker === 'timeExpired' || marker === 'codeInvalid'
    ? marker
    : 'generic';
}

/** The marker text with a resend time, as the server writes it. */
export function twoFactorMessage(marker: TwoFactorMarker, resendTime?: number): string {
  const text = TWO_FACTOR_MARKERS[marker];
  return resendTime === undefined ? text : `${text} ${resendTime}`;
}
