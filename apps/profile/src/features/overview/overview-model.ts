import type { DepositLimit, PlayLimits } from '../responsible/responsible-api.ts';
import type { AccountInfo, ProfileInfo } from '../shared/account-api.ts';

/**
 * What the `/profile` overview (issue #25; §2, §3 account info) sums up, as pure functions so
 * they are tested without a page.
 */

/** §3 verification flags as one state: verified wins over a check in progress. */
export type VerificationState = 'verified' | 'pending' | 'unverified';

export function verificationState(
  info: Pick<AccountInfo, 'is_verified' | 'is_on_verification'>,
): VerificationState {
  if (info.is_verified) return 'verified';
  return info.is_on_verification ? 'pending' : 'unverified';
}

/** The player's full name as entered (first, middle, last), or null while none is given. */
export function fullName(
  profile: Pick<ProfileInfo, 'first_name' | 'middle_name' | 'last_name'>,
): string | null {
  const parts = [profile.first_name, profile.middle_name, profile.last_name]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '');
  return parts.length > 0 ? parts.join(' ') : null;
}

/**
 * The limits in force or waiting: one per deposit and loss period, plus the session-time limit.
 * A limit being removed still counts until its 24 hours pass (it is enforced until then).
 */
export function activeLimitCount(
  deposit: Pick<DepositLimit, 'limits'>,
  play: Pick<PlayLimits, 'loss' | 'session'>,
): number {
  return deposit.limits.length + play.loss.length + (play.session ? 1 : 0);
}
