import {
  betLines,
  BetShapeError,
  NAMED_SYSTEMS,
  parseBetKind,
  potentialReturn,
  type NamedSystem,
} from '@northstar/contract/bet-math';
import type { LiveState } from '../shared/book-model.ts';
import { thousandthsOf } from '../shared/book-model.ts';
import type { OddsChangeSetting, Sport } from '../shared/api.ts';

/**
 * The bet slip (issue #29) as pure data: the selections the player picked, the bet types they
 * allow, the lines and the potential return of each (`@northstar/contract/bet-math`, the same
 * arithmetic the platform settles with), and what a refusal or an odds change does to it. The
 * server re-checks everything on placement; this only shows the player what will be asked.
 */

export const MAX_SELECTIONS = 20;

export interface Selection {
  outcomeId: number;
  marketId: number;
  eventId: number;
  /** The odds the player has accepted (sent as `outcome@odds`). */
  odds: string;
  sport: Sport;
  home: string;
  away: string;
  /** `match` or `outright` (an outright's `home` is its title). */
  eventKind: 'match' | 'outright';
  market: string;
  line: string | null;
  outcome: string;
}

export type SlipMode = 'singles' | 'accumulator' | 'system';

export interface Slip {
  selections: Selection[];
  mode: SlipMode;
  /** `system:<size>` or a named system's name, while `mode` is system. */
  system: string;
  /** What the player typed in the stake field (per line; per bet for singles). */
  stake: string;
}

export const EMPTY_SLIP: Slip = { selections: [], mode: 'singles', system: '', stake: '' };

/** Adds a selection, or removes it when it is there; another outcome of its market replaces it. */
export function toggleSelection(slip: Slip, selection: Selection): Slip {
  if (slip.selections.some((known) => known.outcomeId === selection.outcomeId)) {
    return removeSelection(slip, selection.outcomeId);
  }
  const others = slip.selections.filter((known) => known.marketId !== selection.marketId);
  if (others.length >= MAX_SELECTIONS) return slip;
  return withDefaultMode({ ...slip, selections: [...others, selection] }, slip.selections.length);
}

export function removeSelection(slip: Slip, outcomeId: number): Slip {
  const selections = slip.selections.filter((known) => known.outcomeId !== outcomeId);
  return withDefaultMode({ ...slip, selections }, slip.selections.length);
}

/**
 * A slip of one selection is a single; the second selection makes it an accumulator (what most
 * players want), unless the player chose otherwise. A system no longer possible falls back.
 */
function withDefaultMode(slip: Slip, countBefore: number): Slip {
  const count = slip.selections.length;
  let mode = slip.mode;
  if (count <= 1) mode = 'singles';
  else if (countBefore <= 1) mode = 'accumulator';
  const systems = systemOptions(slip.selections.length).map((option) => option.kind);
  const system = systems.includes(slip.system) ? slip.system : (systems[0] ?? '');
  if (mode === 'system' && system === '') mode = 'accumulator';
  return { ...slip, mode, system };
}

/** The systems `count` selections allow: each size below the whole, then the named covers. */
export function systemOptions(count: number): { kind: string; lines: number }[] {
  if (count < 3) return [];
  const sizes = Array.from({ length: count - 2 }, (_, index) => index + 2).map((size) => ({
    kind: `system:${size}`,
    lines: betLines({ type: 'system', size }, count).length,
  }));
  const named = (Object.keys(NAMED_SYSTEMS) as NamedSystem[])
    .filter((name) => NAMED_SYSTEMS[name].legs === count)
    .map((name) => ({ kind: name, lines: betLines({ type: 'named', name }, count).length }));
  return [...sizes, ...named];
}

/** What one placement sends: its kind and selections (singles are one placement each). */
export interface Placement {
  kind: string;
  selections: Selection[];
}

export function placementsOf(slip: Slip): Placement[] {
  if (slip.mode === 'singles') {
    return slip.selections.map((selection) => ({ kind: 'single', selections: [selection] }));
  }
  if (slip.mode === 'accumulator') return [{ kind: 'accumulator', selections: slip.selections }];
  return [{ kind: slip.system, selections: slip.selections }];
}

/** `outcome@odds,…`: the contract's selections field. */
export function selectionsParam(selections: readonly Selection[]): string {
  return selections.map((selection) => `${selection.outcomeId}@${selection.odds}`).join(',');
}

/** Two selections of one event (an accumulator of them is for the server to allow or refuse). */
export function sameEventIds(selections: readonly Selection[]): Set<number> {
  const seen = new Set<number>();
  const twice = new Set<number>();
  for (const selection of selections) {
    if (seen.has(selection.eventId)) twice.add(selection.eventId);
    seen.add(selection.eventId);
  }
  return twice;
}

/**
 * The stake typed, in minor units, or why it is not one: empty, not a number, more decimals
 * than the currency has, or zero.
 */
export function stakeMinor(
  text: string,
  decimals: number,
): { minor: number } | { error: 'required' | 'wrong_field' | 'too_precise' | 'positive' } {
  const value = text.trim().replace(',', '.');
  if (value === '') return { error: 'required' };
  const match = /^(\d{1,9})(?:\.(\d+))?$/.exec(value);
  if (!match) return { error: 'wrong_field' };
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return { error: 'too_precise' };
  const minor = Number(match[1]) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
  if (minor < 1) return { error: 'positive' };
  return { minor };
}

/** Minor units as the API's decimal text: 1234 with 2 decimals → "12.34". */
export function majorText(minor: number, decimals: number): string {
  if (decimals === 0) return String(minor);
  const text = String(minor).padStart(decimals + 1, '0');
  return `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}

export interface SlipTotals {
  /** Placements and their lines, for "3 bets" and "11 lines". */
  bets: number;
  lines: number;
  /** Minor units: the stake of every line of every bet. */
  totalStake: number;
  /** Minor units: what the slip returns if every selection wins. */
  potentialReturn: number;
}

/** The totals of the slip at `stake` minor units per line; null when its shape is not a bet. */
export function slipTotals(slip: Slip, stake: number): SlipTotals | null {
  let lines = 0;
  let total = 0;
  let potential = 0;
  const placements = placementsOf(slip);
  if (placements.length === 0 || stake < 1) return null;
  try {
    for (const placement of placements) {
      const kind = parseBetKind(placement.kind);
      if (!kind) return null;
      const bet = {
        kind,
        stake,
        legs: placement.selections.map((selection) => ({
          odds: thousandthsOf(selection.odds),
          result: 'pending' as const,
        })),
      };
      const count = betLines(kind, bet.legs.length).length;
      lines += count;
      total += count * stake;
      potential += potentialReturn(bet);
    }
  } catch (error) {
    if (error instanceof BetShapeError) return null;
    throw error;
  }
  return { bets: placements.length, lines, totalStake: total, potentialReturn: potential };
}

/** Whether the player's setting takes a price move without asking (UKGC RTS 2C). */
export function acceptsChange(setting: OddsChangeSetting, from: string, to: string): boolean {
  if (from === to) return true;
  if (setting === 'any') return true;
  if (setting === 'higher') return thousandthsOf(to) > thousandthsOf(from);
  return false;
}

/** A selection as the slip shows it now: the odds in force and whether it takes bets. */
export interface SelectionState {
  /** The odds in force (the accepted ones when nothing newer is known). */
  current: string;
  /** The price moved away from the accepted odds and the setting does not take it. */
  changed: boolean;
  /** Suspended, closed, or its event over. */
  suspended: boolean;
}

export function selectionState(
  selection: Selection,
  live: LiveState,
  refused: ReadonlySet<number>,
): SelectionState {
  const outcome = live.outcomes.get(selection.outcomeId);
  const current = outcome?.odds ?? selection.odds;
  const suspended =
    refused.has(selection.outcomeId) ||
    outcome?.open === false ||
    live.markets.get(selection.marketId) === false ||
    live.events.get(selection.eventId) === false;
  return { current, changed: current !== selection.odds, suspended };
}

/**
 * The slip after the stream moved prices: the moves the player's setting takes are accepted
 * (the slip shows the new odds), the others wait for the player to accept them.
 */
export function acceptAllowedMoves(slip: Slip, live: LiveState, setting: OddsChangeSetting): Slip {
  let moved = false;
  const selections = slip.selections.map((selection) => {
    const now = live.outcomes.get(selection.outcomeId)?.odds;
    if (!now || now === selection.odds || !acceptsChange(setting, selection.odds, now)) {
      return selection;
    }
    moved = true;
    return { ...selection, odds: now };
  });
  return moved ? { ...slip, selections } : slip;
}

/** The player accepted every new price (`changes` from a refusal, or the stream's). */
export function acceptOdds(slip: Slip, changes: ReadonlyMap<number, string>): Slip {
  return {
    ...slip,
    selections: slip.selections.map((selection) => {
      const now = changes.get(selection.outcomeId);
      return now ? { ...selection, odds: now } : selection;
    }),
  };
}

/** The slip's state as the browser keeps it, or null when the text is not one. */
export function parseStoredSlip(text: string | null): Slip | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<Slip>;
    if (!Array.isArray(value.selections)) return null;
    const selections = value.selections.filter(
      (item): item is Selection =>
        typeof item === 'object' &&
        item !== null &&
        Number.isInteger(item.outcomeId) &&
        Number.isInteger(item.marketId) &&
        Number.isInteger(item.eventId) &&
        typeof item.odds === 'string' &&
        /^\d{1,4}\.\d{2}$/.test(item.odds) &&
        typeof item.home === 'string' &&
        typeof item.away === 'string' &&
        typeof item.market === 'string' &&
        typeof item.outcome === 'string',
    );
    const mode: SlipMode =
      value.mode === 'accumulator' || value.mode === 'system' ? value.mode : 'singles';
    return withDefaultMode(
      {
        selections: selections.slice(0, MAX_SELECTIONS),
        mode,
        system: typeof value.system === 'string' ? value.system : '',
        stake: typeof value.stake === 'string' ? value.stake.slice(0, 20) : '',
      },
      2,
    );
  } catch {
    return null;
  }
}

/** A key the server keeps per placement (contract: `[A-Za-z0-9_-]{8,64}`); a retry sends it again. */
export function newRequestId(random: () => number = Math.random): string {
  const part = () => Math.floor(random() * 2 ** 32).toString(36);
  return `bet-${Date.now().toString(36)}-${part()}${part()}`;
}
