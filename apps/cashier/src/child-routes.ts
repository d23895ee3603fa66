/**
 * The cashier's own pages under `/cashier` (#23 §3: a remote declares its child routes, so a new
 * page inside its subtree is a change to this remote only; the central table of
 * `@northstar/shell-sdk/routes` keeps the top-level and cross-linked pages).
 *
 * Dependency-free on purpose (a type import only): tools/generate-child-routes.ts reads it at
 * build time into shell-sdk's route table, so the platform's page rules (a page's first request:
 * 200 for a child, 404 for an unknown path under `/cashier`) and the shell's guard (every
 * client-side navigation) know the children without loading the remote. Each child's page is in
 * `pages` of ./routes.tsx (the compiler asks for it). After a change here run
 * `node tools/generate-child-routes.ts` (tools/child-routes.test.ts fails while it is stale).
 *
 * The payment provider's return pages (§6): the result of a deposit, with and without the
 * transaction, and the pages the cashier opens itself (cancel, mobile, new window).
 */
import type { RemoteChildRoutes } from '@northstar/shell-sdk/routes';

export const childRoutes = {
  owner: 'cashier',
  parent: '/cashier',
  children: {
    cashierPayFail: 'payfail',
    cashierPayFailTransaction: 'payfail/:transaction',
    cashierPayPending: 'paypending',
    cashierPayPendingTransaction: 'paypending/:transaction',
    cashierPaySuccess: 'paysuccess',
    cashierPaySuccessTransaction: 'paysuccess/:transaction',
    cashierPayCancel: 'paycancel',
    cashierPayMobile: 'paymobile',
    cashierPayNewWindow: 'paynewwindow',
  },
} as const satisfies RemoteChildRoutes;
