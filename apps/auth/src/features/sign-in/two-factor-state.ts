import { parseTwoFactorMessage, switchesToTwoFactorView } from '@northstar/errors/two-factor';

/**
 * §3 "Two-factor state": what a sign-in holds while it waits for the code. `via` says which door
 * the code goes to: the password sign-in (`auth/login` again, with the code) or the social
 * sign-in's second step (`/oauth/two-factor`).
 */
export interface TwoFactorState {
  via: 'password' | 'social';
  login: string;
  password: string;
  /** Seconds until another code may be sent. */
  resendTime: number;
  /**
   * Issue #25: `app` when the code comes from the player's authenticator app (or is a recovery
   * code): nothing is sent, so there is no countdown and no "send again".
   */
  method?: 'contact' | 'app';
}

let state: TwoFactorState | null = null;

export function holdTwoFactor(next: TwoFactorState): void {
  state = next;
}

export function heldTwoFactor(): TwoFactorState | null {
  return state;
}

/** A completed (or abandoned) sign-in forgets the login and password it held. */
export function clearTwoFactor(): void {
  state = null;
}

/**
 * Whether a failed sign-in means "enter the code" (§4, §8): the two-factor already-enabled or
 * resend-time marker. The resend time comes from the error's data, else the number at the end
 * of its message; `fallback` when neither has one.
 */
export function twoFactorFromError(
  message: string,
  errorData: Record<string, unknown>,
  fallback: number,
): { resendTime: number } | null {
  const parsed = parseTwoFactorMessage(message);
  if (!parsed || !switchesToTwoFactorView(parsed.marker)) return null;
  const fromData = errorData.resend_time;
  const resendTime =
    typeof fromData === 'number' && Number.isFinite(fromData)
      ? fromData
      : (parsed.resendTime ?? fallback);
  return { resendTime: Math.max(0, Math.floor(resendTime)) };
}
