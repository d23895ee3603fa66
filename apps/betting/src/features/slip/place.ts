import { isApiError } from '@northstar/shell-sdk';
import type { OddsChangeSetting, SbBet } from '../shared/api.ts';
import { placementsOf, selectionsParam, type Slip } from './slip-model.ts';

/**
 * Placing the slip (issue #29): one `sportsbook/place` per bet (each single is a bet), each with
 * a request id kept until it is answered, so a retry after a lost answer places nothing twice.
 * A refusal stops the run and says why in the slip's terms; the bets already placed are kept.
 */

export type SlipFailure =
  | { kind: 'odds_changed'; changes: Map<number, string> }
  | { kind: 'suspended'; outcomeIds: number[] }
  | { kind: 'same_event'; outcomeIds: number[] }
  | { kind: 'stake_too_low'; min: string | null }
  | { kind: 'stake_too_high'; max: string | null }
  | { kind: 'payout_too_high'; max: string | null }
  | { kind: 'insufficient_funds' }
  | { kind: 'loss_limit'; availableMinor: number | null }
  | { kind: 'self_excluded' }
  | { kind: 'stake_invalid' }
  | { kind: 'free_bet' }
  | { kind: 'retry' }
  | { kind: 'offline' }
  | { kind: 'other' };

const numbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((item): item is number => Number.isInteger(item)) : [];
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A failed placement in the slip's terms. */
export function failureOf(error: unknown): SlipFailure {
  if (!isApiError(error)) return { kind: 'offline' };
  const data = error.errorData;
  switch (data.reason) {
    case 'odds_changed': {
      const changes = new Map<number, string>();
      if (Array.isArray(data.changes)) {
        for (const change of data.changes as { outcome_id?: unknown; now?: unknown }[]) {
          if (Number.isInteger(change.outcome_id) && typeof change.now === 'string') {
            changes.set(change.outcome_id as number, change.now);
          }
        }
      }
      return { kind: 'odds_changed', changes };
    }
    case 'selection_suspended':
      return { kind: 'suspended', outcomeIds: numbers(data.outcome_ids) };
    case 'same_event':
      return { kind: 'same_event', outcomeIds: numbers(data.outcome_ids) };
    case 'stake_too_low':
      return { kind: 'stake_too_low', min: text(data.min_stake) };
    case 'stake_too_high':
      return { kind: 'stake_too_high', max: text(data.max_stake) };
    case 'payout_too_high':
      return { kind: 'payout_too_high', max: text(data.max_payout) };
    case 'insufficient_funds':
      return { kind: 'insufficient_funds' };
    case 'loss_limit': {
      const left = Number(text(data.available_minor));
      return { kind: 'loss_limit', availableMinor: Number.isSafeInteger(left) ? left : null };
    }
    case 'self_excluded':
      return { kind: 'self_excluded' };
    case 'idempotency_key_reused':
      return { kind: 'retry' };
    default:
      break;
  }
  if (error.invalidParameters.stake) return { kind: 'stake_invalid' };
  if (error.invalidParameters.free_bet_id) return { kind: 'free_bet' };
  if (error.status >= 500 || error.status === 0) return { kind: 'offline' };
  return { kind: 'other' };
}

export interface PlaceOptions {
  stake: string;
  oddsChange: OddsChangeSetting | null;
  freeBetId: number | null;
  /** One per bet of the slip, kept by the caller across retries of the same slip. */
  requestIds: readonly string[];
}

/** What `sportsbook/place` takes. */
export interface PlaceParams {
  request_id: string;
  kind: string;
  selections: string;
  stake: string;
  odds_change?: OddsChangeSetting;
  free_bet_id?: number;
}

export type PlaceCall = (params: PlaceParams) => Promise<SbBet>;

export interface PlaceResult {
  placed: SbBet[];
  /** The bets of the slip that were placed (their selections leave the slip). */
  placedOutcomeIds: number[];
  failure: SlipFailure | null;
}

export async function placeSlip(
  slip: Slip,
  options: PlaceOptions,
  send: PlaceCall,
): Promise<PlaceResult> {
  const placements = placementsOf(slip);
  const placed: SbBet[] = [];
  const placedOutcomeIds: number[] = [];
  for (const [index, placement] of placements.entries()) {
    const params: PlaceParams = {
      request_id: options.requestIds[index]!,
      kind: placement.kind,
      selections: selectionsParam(placement.selections),
      stake: options.stake,
    };
    if (options.oddsChange) params.odds_change = options.oddsChange;
    if (options.freeBetId !== null) params.free_bet_id = options.freeBetId;
    try {
      placed.push(await send(params));
      placedOutcomeIds.push(...placement.selections.map((selection) => selection.outcomeId));
    } catch (error) {
      return { placed, placedOutcomeIds, failure: failureOf(error) };
    }
  }
  return { placed, placedOutcomeIds, failure: null };
}
