import { useCallback, useEffect } from 'react';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Api, MethodDefinition, ResponseOf } from '@northstar/contract';
import { methodRef, sdkApi } from './api.ts';
import { sessionAtom, type Money } from './state.ts';
import { apiQueryKey } from './startup.ts';

const GET_BALANCE = methodRef('account', 'getBalance');

/**
 * The player's balances as the server answers `account/getBalance` (§3): main, bonus, betting
 * bonus, fun, and `balance_total`, the displayed balance (main + bonus + betting bonus), which
 * the server adds in integer minor units. The client never adds amounts itself.
 */
export type Balances = ResponseOf<Extract<Api['account']['getBalance'], MethodDefinition>>;

/** The key of the balance in the page's one QueryClient. */
export const BALANCE_QUERY_KEY = apiQueryKey(GET_BALANCE.module, GET_BALANCE.method);

/** The balance query: the one read of the balance in the browser. */
export const balanceQuery = () => ({
  queryKey: BALANCE_QUERY_KEY,
  queryFn: (): Promise<Balances> => sdkApi.send(GET_BALANCE),
});

/**
 * Asks the server for the balance again (after a deposit, a bet, a round, a payment finished in
 * another tab): every `useBalance()` in the page then shows the new answer.
 */
export function refreshBalance(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
}

/** Drops the balance from the page (sign-out), so the next player never sees it. */
export function forgetBalance(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: BALANCE_QUERY_KEY });
}

export interface BalanceState {
  /** The §3 balances, or undefined for a visitor and while the first answer is on its way. */
  balances: Balances | undefined;
  /** What the header shows: the server's `balance_total`, or null while unknown. */
  total: Money | null;
  /** Whether the last read failed (the previous answer, if any, stays in `balances`). */
  isError: boolean;
  /** Refetches the balance from the server; call it after anything that moved money. */
  refresh: () => Promise<void>;
}

// What `useBalance()` last showed, and the QueryClient it reads, for the deprecated
// `balanceAtom`. Private: nothing but `useBalance()` writes them.
const mirroredTotalAtom = atom<Money | null>(null);
const mirroredClientAtom = atom<QueryClient | null>(null);

/**
 * @deprecated since 0.2.0: use `useBalance()`. Kept so a remote built against shell-sdk 0.1
 * keeps working (the minor-version promise): reading it gives the displayed balance
 * (`balance_total`, null while unknown), as `useBalance()` shows it in the header. Writing it no
 * longer sets the balance (the client never decides it): a write is taken as "the balance
 * changed" and the server is asked again. Removed in 1.0.0.
 */
export const balanceAtom = atom(
  (get) => get(mirroredTotalAtom),
  (get, _set, _announced: Money | null) => {
    const client = get(mirroredClientAtom);
    if (client) void refreshBalance(client);
  },
);

/**
 * The one owner of the balance in the browser: `account/getBalance` in the page's one
 * QueryClient (react-query and jotai are shared singletons, so the shell's header and every
 * remote read the same answer). Fetched only for a signed-in session; a visitor asks nothing.
 */
export function useBalance(): BalanceState {
  const session = useAtomValue(sessionAtom);
  const signedIn = session.status === 'signed-in';
  const queryClient = useQueryClient();
  const query = useQuery({ ...balanceQuery(), enabled: signedIn });
  const balances = signedIn ? query.data : undefined;
  const total = balances?.balance_total ?? null;

  const setMirroredTotal = useSetAtom(mirroredTotalAtom);
  const setMirroredClient = useSetAtom(mirroredClientAtom);
  const amount = total?.amount;
  const currency = total?.currency;
  useEffect(() => {
    setMirroredTotal(amount !== undefined && currency !== undefined ? { amount, currency } : null);
    setMirroredClient(queryClient);
  }, [amount, currency, queryClient, setMirroredTotal, setMirroredClient]);

  const refresh = useCallback(() => refreshBalance(queryClient), [queryClient]);
  return { balances, total, isError: signedIn && query.isError, refresh };
}
