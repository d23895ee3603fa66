import { useEffect, useRef } from 'react';
import { atom, useAtom } from 'jotai';
import { EMPTY_SLIP, parseStoredSlip, type Slip } from './slip-model.ts';

/**
 * The slip's state (issue #29), shared by every betting page in the shell's one jotai store: the
 * slip itself, which panel shows, and whether the phone's slip drawer is open. The browser keeps
 * the slip across reloads (localStorage, read and written in effects only: the server renders an
 * empty slip, the browser fills it after hydration).
 */
export const slipAtom = atom<Slip>(EMPTY_SLIP);
/** The phone's slip drawer. */
export const slipOpenAtom = atom(false);
/** Which panel the slip column shows: the slip, or the player's bets. */
export const slipTabAtom = atom<'slip' | 'bets'>('slip');

const STORAGE_KEY = 'northstar:betting:slip';

/** Reads the kept slip once, then keeps every change. Mounted by the betting layout. */
export function useKeptSlip() {
  const [slip, setSlip] = useAtom(slipAtom);
  const loaded = useRef(false);
  useEffect(() => {
    if (loaded.current) return;
    loaded.current = true;
    let kept: Slip | null = null;
    try {
      kept = parseStoredSlip(window.localStorage.getItem(STORAGE_KEY));
    } catch {
      // Storage refused (private mode, a blocked origin): the slip lives in the page only.
    }
    if (kept && kept.selections.length > 0)
      setSlip((current) => (current.selections.length ? current : kept));
  }, [setSlip]);
  useEffect(() => {
    if (!loaded.current) return;
    try {
      if (slip.selections.length === 0) window.localStorage.removeItem(STORAGE_KEY);
      else window.localStorage.setItem(STORAGE_KEY, JSON.stringify(slip));
    } catch {
      // As above: nothing kept.
    }
  }, [slip]);
}

/**
 * Quick bet (issue #29): while it is on, a tap on a price places a single at that price with this
 * stake instead of adding it to the slip. Off after a reload (a tap that spends money is a choice
 * made on the page the player sees).
 */
export const quickBetAtom = atom<{ on: boolean; stake: string }>({ on: false, stake: '' });
