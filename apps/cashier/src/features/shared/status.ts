import { useCallback } from 'react';
import { useLingui } from '@lingui/react/macro';

export type StatusTone = 'success' | 'danger' | 'pending' | 'muted';

const SUCCESS = new Set(['success', 'paid', 'completed', 'approved', 'active', 'paid_out', 'sent']);
const DANGER = new Set(['failed', 'rejected', 'declined', 'error', 'expired']);
const PENDING = new Set(['pending', 'requested', 'in_review', 'processing', 'new', 'wait']);

/** The colour of a transaction's status in lists: money through, money refused, still moving. */
export function statusTone(status: string): StatusTone {
  if (SUCCESS.has(status)) return 'success';
  if (DANGER.has(status)) return 'danger';
  if (PENDING.has(status)) return 'pending';
  return 'muted';
}

/** A transaction status in words; an unknown status shows as the server sent it. */
export function useStatusText(): (status: string) => string {
  const { t } = useLingui();
  return useCallback(
    (status: string) => {
      switch (status) {
        case 'success':
        case 'completed':
          return t({ id: 'cashier.status.success', message: 'Successful' });
        case 'paid':
        case 'paid_out':
          return t({ id: 'cashier.status.paid', message: 'Paid' });
        case 'pending':
        case 'processing':
          return t({ id: 'cashier.status.pending', message: 'Pending' });
        case 'failed':
        case 'declined':
        case 'error':
          return t({ id: 'cashier.status.failed', message: 'Failed' });
        case 'cancelled':
        case 'canceled':
          return t({ id: 'cashier.status.cancelled', message: 'Cancelled' });
        case 'requested':
          return t({ id: 'cashier.stage.requested', message: 'Requested' });
        case 'in_review':
          return t({ id: 'cashier.stage.inReview', message: 'In review' });
        case 'approved':
          return t({ id: 'cashier.stage.approved', message: 'Approved' });
        case 'sent':
          return t({ id: 'cashier.stage.sent', message: 'Sent' });
        case 'rejected':
          return t({ id: 'cashier.stage.rejected', message: 'Rejected' });
        case 'active':
          return t({ id: 'cashier.status.active', message: 'Active' });
        case 'expired':
          return t({ id: 'cashier.status.expired', message: 'Expired' });
        // A cashback the player declined (issue #26).
        case 'removed':
          return t({ id: 'cashier.status.removed', message: 'Declined' });
        default:
          return status;
      }
    },
    [t],
  );
}

/** A deposit failure's reason code in words (the provider's `reason_code`). */
export function useReasonText(): (code: string | null | undefined) => string {
  const { t } = useLingui();
  return useCallback(
    (code: string | null | undefined) => {
      switch (code) {
        case 'card_declined':
          return t({
            id: 'cashier.reason.cardDeclined',
            message: 'Your bank declined the card payment.',
          });
        case 'authentication_failed':
          return t({
            id: 'cashier.reason.authenticationFailed',
            message: 'The card security check (3-D Secure) was not completed.',
          });
        case 'expired':
          return t({
            id: 'cashier.reason.expired',
            message: 'The payment page expired before the payment was finished.',
          });
        case 'insufficient_funds':
          return t({
            id: 'cashier.reason.insufficientFunds',
            message: 'There was not enough money on the card or account.',
          });
        case 'cancelled':
          return t({
            id: 'cashier.reason.cancelled',
            message: 'The payment was cancelled before it was finished.',
          });
        default:
          return t({
            id: 'cashier.reason.unknown',
            message: 'The payment provider did not accept the payment.',
          });
      }
    },
    [t],
  );
}
