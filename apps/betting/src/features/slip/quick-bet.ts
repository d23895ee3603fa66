import { useCallback } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { showToast, useBalance } from '@northstar/shell-sdk';
import {
  bettingApi,
  bettingKeyPrefix,
  BETTING_METHODS,
  type OddsChangeSetting,
  type SbBet,
} from '../shared/api.ts';
import { useBookLabels } from '../shared/labels.ts';
import { useOddsSetting } from '../shared/queries.ts';
import { placeSlip } from './place.ts';
import { majorText, newRequestId, stakeMinor, type Selection } from './slip-model.ts';
import { quickBetAtom } from './slip-state.ts';
import { useFailureText, useMoneyText } from './slip-words.ts';

/**
 * One-tap singles (issue #29): the price tapped is placed at once as a single with the quick
 * stake, through the same placement as the slip (its own request id, the player's odds-change
 * setting, every refusal said); a toast says what happened.
 */
export function useQuickBet() {
  const { t } = useLingui();
  const quick = useAtomValue(quickBetAtom);
  const labels = useBookLabels();
  const queryClient = useQueryClient();
  const { refresh } = useBalance();
  const money = useMoneyText();
  const failureText = useFailureText();
  const setting: OddsChangeSetting = useOddsSetting().data?.odds_change ?? 'none';

  return useCallback(
    async (selection: Selection) => {
      const name = labels.outcome(selection);
      const stake = stakeMinor(quick.stake, money.decimals);
      if ('error' in stake) {
        showToast({
          tone: 'warning',
          text: t({
            id: 'betting.quick.noStake',
            message: 'Enter a quick-bet stake in the slip first.',
          }),
        });
        return;
      }
      const result = await placeSlip(
        { selections: [selection], mode: 'singles', system: '', stake: quick.stake },
        {
          stake: majorText(stake.minor, money.decimals),
          oddsChange: setting,
          freeBetId: null,
          requestIds: [newRequestId()],
        },
        async (params) => (await bettingApi.send(BETTING_METHODS.place, params)) as SbBet,
      );
      if (result.failure) {
        showToast({
          tone: 'error',
          title: t({ id: 'betting.quick.refused', message: `Not placed: ${name}` }),
          text: failureText(result.failure, money.decimals, money.format),
        });
        return;
      }
      void refresh();
      void queryClient.invalidateQueries({ queryKey: bettingKeyPrefix('bets') });
      const odds = selection.odds;
      const staked = money.format(stake.minor);
      showToast({
        tone: 'success',
        title: t({ id: 'betting.quick.placed', message: 'Bet placed' }),
        text: t({ id: 'betting.quick.placedText', message: `${name} at ${odds}, stake ${staked}` }),
      });
    },
    [quick.stake, labels, money, setting, t, failureText, refresh, queryClient],
  );
}
