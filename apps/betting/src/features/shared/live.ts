import { atom } from 'jotai';
import { EMPTY_LIVE, type LiveState } from './book-model.ts';

/**
 * What the odds stream said last of each outcome, market and event (useOddsStream writes it), in
 * the shell's one jotai store: the slip reads the prices in force from it on every page.
 */
export const liveAtom = atom<LiveState>(EMPTY_LIVE);
