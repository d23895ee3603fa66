import { useCallback, useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { addAmounts } from '@northstar/i18n';
import { balanceAtom, sessionAtom } from '@northstar/shell-sdk';
import { SHELL_METHODS, shellApi } from './shell-api.ts';
import { forgetPlayerData, prefetchPlayerStartup } from './startup.ts';

/**
 * Learns who is on the site from `account/getInfo` (the session cookie is HttpOnly, so only the
 * server can tell): a player fills the session and the header balance (main + bonus + betting
 * bonus, §3); a 401 means a visitor. Runs on start and whenever `refresh` is called.
 */
export function useSessionBootstrap(): () => Promise<void> {
  const setSession = useSetAtom(sessionAtom);
  const setBalance = useSetAtom(balanceAtom);
  const queryClient = useQueryClient();

  const refresh = useCallback(async () => {
    try {
      const info = await shellApi.send(SHELL_METHODS.getInfo);
      setSession({
        status: 'signed-in',
        user: { uid: info.uid, login: info.login, fakename: info.fakename },
      });
      setBalance({
        amount: addAmounts(
          info.balance_main.amount,
          info.balance_bonus.amount,
          info.balance_betting_bonus.amount,
        ),
        currency: info.balance_main.currency,
      });
      void prefetchPlayerStartup(queryClient);
    } catch {
      setSession({ status: 'anonymous' });
      setBalance(null);
    }
  }, [setSession, setBalance, queryClient]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return refresh;
}

/** Ends the session on the server and drops the player's answers from the page's cache. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  await shellApi.send(SHELL_METHODS.logout).catch(() => undefined);
  forgetPlayerData(queryClient);
}
