import { ApiError } from '@northstar/errors';
import { DEFAULT_LOCALE } from '@northstar/i18n/locales';
import { cmsConfig } from '../content/index.ts';
import type { AppContext } from '../context.ts';
import { emptyProfileFields, hasConfirmedContact, isProfileField } from '../identity/index.ts';

/**
 * What the operator requires of a player before money moves (§8 UserNeedProfileData,
 * UserNeedConfirmContact), per operation, from the site config:
 *
 * ```
 * cashier.requirements: { deposit: Requirement[], withdrawal: Requirement[] }
 * ```
 *
 * - `profile`: every profile field the profile form asks for (`forms.profile`) is filled in;
 * - `confirmed_contact`: the player has at least one confirmed contact (e-mail or phone).
 *
 * Read from the default locale's site config only: a requirement is the operator's rule for the
 * market, so a player cannot shed it by switching the site's language. Unknown names are
 * ignored; a config without the key requires nothing (the platform's default), the demo content
 * requires both for withdrawals (content/seed.ts).
 */
export type CashierOperation = 'deposit' | 'withdrawal';
export const REQUIREMENTS = ['profile', 'confirmed_contact'] as const;
export type Requirement = (typeof REQUIREMENTS)[number];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The sysnames of a form list (plain names or `{ sysname }` entries). */
function sysnames(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown) => {
    if (typeof entry === 'string') return [entry];
    const name = isRecord(entry) ? entry.sysname : undefined;
    return typeof name === 'string' ? [name] : [];
  });
}

export interface OperationRequirements {
  /** The profile fields to be filled (empty: no profile requirement). */
  profileFields: string[];
  confirmedContact: boolean;
}

/** An operation's requirements from a site config (lenient: anything unreadable is none). */
export function requirementsOf(siteConfig: unknown, operation: CashierOperation) {
  const config = isRecord(siteConfig) ? siteConfig : {};
  const cashier = isRecord(config.cashier) ? config.cashier : {};
  const all = isRecord(cashier.requirements) ? cashier.requirements : {};
  const listed = Array.isArray(all[operation]) ? (all[operation] as unknown[]) : [];
  const forms = isRecord(config.forms) ? config.forms : {};
  // Contacts (email, phone, mobile) are the confirmed-contact rule's, not profile data.
  const profileFields = listed.includes('profile')
    ? sysnames(forms.profile).filter(isProfileField)
    : [];
  return {
    profileFields: [...new Set(profileFields)],
    confirmedContact: listed.includes('confirmed_contact'),
  } satisfies OperationRequirements;
}

/**
 * Refuses the operation while the player lacks what the operator requires: the profile data
 * first (UserNeedProfileData, with the missing fields), then a confirmed contact
 * (UserNeedConfirmContact). The UI sends the player to fill or confirm, then back.
 */
export async function assertCashierRequirements(
  app: AppContext,
  playerId: number,
  operation: CashierOperation,
): Promise<void> {
  const content = await cmsConfig(app, DEFAULT_LOCALE);
  const needs = requirementsOf(content.siteConfig, operation);
  if (needs.profileFields.length > 0) {
    const missing = await emptyProfileFields(app.database.db, playerId, needs.profileFields);
    if (missing.length > 0) {
      throw new ApiError('UserNeedProfileData', 'Fill in your profile to continue', {
        errorData: { operation, fields: missing },
      });
    }
  }
  if (needs.confirmedContact) {
    if (!(await hasConfirmedContact(app.database.db, playerId))) {
      throw new ApiError('UserNeedConfirmContact', 'Confirm your e-mail or phone to continue', {
        errorData: { operation },
      });
    }
  }
}
