import type { ChecklistItem, Verification } from './verification-api.ts';

/**
 * The verification page's rules (issue #25), kept apart from React so they are tested alone.
 *
 * - The page polls the state while a review is under way (the provider's webhook decides it on
 *   the server; the page learns it at the next poll) and stops once decided.
 * - The provider's page can be opened while documents are missing or refused; while they are
 *   under review or approved there is nothing to send.
 * - A message from the framed provider page is believed only from that page's origin and
 *   window, with the provider's marker (the frame's parent accepts nothing else).
 */

/** How often the state is read again while documents are under review. */
export const POLL_MS = 3000;

export type Tone = 'success' | 'warning' | 'danger' | 'muted';

export function itemTone(item: ChecklistItem): Tone {
  switch (item.status) {
    case 'approved':
      return 'success';
    case 'pending':
      return 'warning';
    case 'rejected':
      return 'danger';
    default:
      return 'muted';
  }
}

/** Whether the page should keep reading the state (a review is under way). */
export function shouldPoll(state: Verification | undefined): boolean {
  if (!state) return false;
  // `is_on_verification`: the provider's page said "submitted" (setUserOnVerification) before
  // its webhook reached the server; the documents show as pending at the next reads.
  return (
    state.is_on_verification ||
    state.status === 'pending' ||
    state.documents.some((d) => d.status === 'pending')
  );
}

/** Whether the player can (re)open the provider's page. */
export function canStart(state: Verification | undefined): boolean {
  if (!state || state.is_verified) return false;
  return state.status === 'none' || state.status === 'init' || state.status === 'rejected';
}

/** Documents approved, of all required. */
export function progress(state: Verification): { done: number; total: number } {
  return {
    done: state.documents.filter((d) => d.status === 'approved').length,
    total: state.documents.length,
  };
}

export type ProviderStatus = 'init' | 'pending' | 'approved' | 'rejected' | 'expired';

/** The origin of the provider's page URL (relative URLs are the site's own). */
export function providerOrigin(url: string, base: string): string {
  return new URL(url, base).origin;
}

/**
 * A message of the framed provider page: from its origin and its window, with the provider's
 * marker; anything else (another frame, another site, an extension) is ignored.
 */
export function readProviderMessage(
  event: { origin: string; data: unknown; source: unknown },
  expected: { origin: string; source: unknown },
): ProviderStatus | null {
  if (event.origin !== expected.origin) return null;
  if (expected.source === null || event.source !== expected.source) return null;
  const data = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  if (record.source !== 'kyc-sandbox' || record.type !== 'status') return null;
  const status = record.status;
  return status === 'init' ||
    status === 'pending' ||
    status === 'approved' ||
    status === 'rejected' ||
    status === 'expired'
    ? status
    : null;
}
