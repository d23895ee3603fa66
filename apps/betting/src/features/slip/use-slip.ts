import { useCallback, useMemo } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { useViewer } from '../shared/api.ts';
import type { SbEvent, SbMarket, SbOutcome } from '../shared/api.ts';
import { toggleSelection, type Selection } from './slip-model.ts';
import { quickBetAtom, slipAtom } from './slip-state.ts';
import { useQuickBet } from './quick-bet.ts';

/** A price as the slip keeps it: the outcome, the odds shown and what it names. */
export function selectionOf(event: SbEvent, market: SbMarket, outcome: SbOutcome): Selection {
  return {
    outcomeId: outcome.id,
    marketId: market.id,
    eventId: event.id,
    odds: outcome.odds ?? '0.00',
    sport: event.sport,
    home: event.home,
    away: event.away,
    eventKind: event.kind,
    market: market.kind,
    line: market.line,
    outcome: outcome.key,
  };
}

/**
 * What an odds button needs of the slip: whether its outcome is in it, and the toggle (with quick
 * bet on, for a signed-in player: the single placed at once).
 */
export function useSlipToggle() {
  const [slip, setSlip] = useAtom(slipAtom);
  const quick = useAtomValue(quickBetAtom).on;
  const viewer = useViewer();
  const quickPlace = useQuickBet();
  const selected = useMemo(
    () => new Set(slip.selections.map((selection) => selection.outcomeId)),
    [slip.selections],
  );
  const toggle = useCallback(
    (event: SbEvent, market: SbMarket, outcome: SbOutcome) => {
      if (outcome.odds === null) return;
      const selection = selectionOf(event, market, outcome);
      if (quick && viewer !== null && viewer > 0) {
        void quickPlace(selection);
        return;
      }
      setSlip((current) => toggleSelection(current, selection));
    },
    [setSlip, quick, viewer, quickPlace],
  );
  return { selected, toggle, count: slip.selections.length };
}
