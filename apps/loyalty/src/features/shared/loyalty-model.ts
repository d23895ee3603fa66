import { isApiError } from '@northstar/errors';
import { loyaltyRefusalOf } from '@northstar/errors/loyalty';
import type { LoyaltyInfo, LoyaltyLevel, LoyaltyProduct, LoyaltyProgram } from './api.ts';

/**
 * The loyalty pages' view logic (issue #27), free of React so the tests pin it down: the progress
 * to the next level, the ladder of levels, a programme's state, and what pressing "Buy" does.
 */

export interface LevelProgress {
  current: LoyaltyLevel;
  next: LoyaltyLevel | null;
  /** Lifetime points still missing to the next level (0 at the top). */
  toNext: number;
  /** 0–100, whole, rounded down: the bar never shows a level as reached before it is. */
  percent: number;
}

/**
 * Where a player stands between their level and the next. The level reached stays (a rollback
 * does not take it back), so `reached` may be above what the lifetime points say: the bar then
 * starts from that level's threshold and shows 0 until the points are back above it.
 */
export function levelProgress(
  levels: readonly LoyaltyLevel[],
  lifetime: number,
  reached?: number,
): LevelProgress | null {
  const ladder = [...levels].sort((a, b) => a.points_from - b.points_from);
  if (ladder.length === 0) return null;
  let index = 0;
  ladder.forEach((level, i) => {
    if (lifetime >= level.points_from) index = i;
  });
  if (reached !== undefined) {
    const kept = ladder.findIndex((l) => l.level === reached);
    if (kept > index) index = kept;
  }
  const current = ladder[index]!;
  const next = ladder[index + 1] ?? null;
  if (next === null) return { current, next, toNext: 0, percent: 100 };
  const span = next.points_from - current.points_from;
  const done = Math.max(0, lifetime - current.points_from);
  const percent = span <= 0 ? 100 : Math.min(100, Math.floor((done * 100) / span));
  return { current, next, toNext: Math.max(0, next.points_from - lifetime), percent };
}

/** The player's standing from getinfo (its level and lifetime points). */
export function infoProgress(info: LoyaltyInfo): LevelProgress | null {
  return levelProgress(info.levels, info.lifetime_points, info.level.level);
}

export type LevelState = 'reached' | 'current' | 'locked';

/** Each level of the ladder as a player (or, with `current` null, a visitor) sees it. */
export function levelStates(
  levels: readonly LoyaltyLevel[],
  current: number | null,
): { level: LoyaltyLevel; state: LevelState }[] {
  return [...levels]
    .sort((a, b) => a.points_from - b.points_from)
    .map((level) => ({
      level,
      state:
        current === null || level.level > current
          ? 'locked'
          : level.level === current
            ? 'current'
            : 'reached',
    }));
}

export type ProgramState =
  /** A visitor: no progress, the rules and the reward only. */
  | { kind: 'visitor' }
  /** For a higher level than the player's. */
  | { kind: 'locked'; minLevel: number }
  | { kind: 'open'; value: number; target: number; percent: number }
  | { kind: 'completed'; paid: boolean };

export function programState(program: LoyaltyProgram, playerLevel: number | null): ProgramState {
  if (program.progress === null || playerLevel === null) return { kind: 'visitor' };
  if (program.progress.completed) {
    return { kind: 'completed', paid: program.progress.reward_status !== 'not_available' };
  }
  if (playerLevel < program.min_level) return { kind: 'locked', minLevel: program.min_level };
  const target = Math.max(1, program.target);
  const value = Math.min(program.progress.value, target);
  return {
    kind: 'open',
    value,
    target,
    percent: Math.min(100, Math.max(0, Math.floor((value * 100) / target))),
  };
}

/** What pressing a product's button does first (§2 the shop's popups). */
export type PurchaseStep = 'sign-in' | 'confirm' | 'insufficient' | 'level-too-low' | 'unavailable';

export function purchaseStep(product: LoyaltyProduct, signedIn: boolean): PurchaseStep {
  if (!signedIn) return 'sign-in';
  switch (product.refusal) {
    case 'insufficient_points':
      return 'insufficient';
    case 'level_too_low':
      return 'level-too-low';
    case 'product_unavailable':
      return 'unavailable';
    default:
      return product.can_buy ? 'confirm' : 'unavailable';
  }
}

/** Why a buyproduct failed, for the message the shop shows (packages/errors loyalty.ts). */
export type PurchaseFailure =
  'insufficient' | 'level-too-low' | 'unavailable' | 'too-many' | 'signed-out' | 'other';

export function purchaseFailure(error: unknown): PurchaseFailure {
  switch (loyaltyRefusalOf(error)) {
    case 'insufficient_points':
      return 'insufficient';
    case 'level_too_low':
      return 'level-too-low';
    case 'product_unavailable':
      return 'unavailable';
    default:
      break;
  }
  if (!isApiError(error)) return 'other';
  if (error.type === 'InvalidParameter') return 'unavailable'; // no such product (any more)
  if (error.type === 'TooManyRequests') return 'too-many';
  if (error.type === 'Authorization') return 'signed-out';
  return 'other';
}

/** The popups and calls a purchase goes through; the page gives the real ones, tests fakes. */
export interface PurchaseSteps {
  signIn: () => Promise<void>;
  /** LoyaltyShopPopupConfirm: true when the player agreed. */
  confirm: (product: LoyaltyProduct) => Promise<boolean>;
  /** LoyaltyShopInsufficientFundsPopup. */
  insufficient: (product: LoyaltyProduct) => Promise<void>;
  buy: (product: LoyaltyProduct, requestId: string) => Promise<{ points: number }>;
  /** LoyaltyShopPopupBuy: what was bought and the points left. */
  bought: (product: LoyaltyProduct, pointsLeft: number) => Promise<void>;
  /** A notice on the product (not a popup) for any other refusal. */
  notice: (product: LoyaltyProduct, failure: PurchaseFailure) => void;
  /** The shop and the player's points are read again (after a purchase or a refusal). */
  refresh: () => Promise<void>;
}

export type PurchaseOutcome = 'bought' | 'cancelled' | PurchaseStep | PurchaseFailure;

/**
 * One press of "Buy" (§2): a visitor is asked to sign in; too few points open the
 * insufficient-points popup; otherwise the confirm popup, and on "yes" the purchase (one request
 * id per intent, so a repeated request spends nothing again) and the bought popup. A refusal the
 * server gives (the points moved in another tab) opens the same popups the list would have.
 */
export async function runPurchase(
  product: LoyaltyProduct,
  signedIn: boolean,
  steps: PurchaseSteps,
  requestId: string,
): Promise<PurchaseOutcome> {
  const first = purchaseStep(product, signedIn);
  if (first === 'sign-in') {
    await steps.signIn();
    return first;
  }
  if (first === 'insufficient') {
    await steps.insufficient(product);
    return first;
  }
  if (first !== 'confirm') {
    steps.notice(product, first);
    return first;
  }
  if (!(await steps.confirm(product))) return 'cancelled';
  let pointsLeft: number;
  try {
    pointsLeft = (await steps.buy(product, requestId)).points;
  } catch (error) {
    const failure = purchaseFailure(error);
    await steps.refresh();
    if (failure === 'insufficient') await steps.insufficient(product);
    else steps.notice(product, failure);
    return failure;
  }
  await steps.refresh();
  await steps.bought(product, pointsLeft);
  return 'bought';
}

/** The character change (LoyaltyCharacterChangePopup, then LoyaltyCharacterChangeConfirmPopup). */
export interface CharacterSteps<C extends { id: number }> {
  /** The change popup: the character picked, or null when closed. */
  choose: (current: C | null) => Promise<C | null>;
  /** The confirm popup: true when the player agreed. */
  confirm: (picked: C) => Promise<boolean>;
  save: (picked: C) => Promise<void>;
}

export async function runCharacterChange<C extends { id: number }>(
  current: C | null,
  steps: CharacterSteps<C>,
): Promise<C | null> {
  const picked = await steps.choose(current);
  if (picked === null || picked.id === current?.id) return null;
  if (!(await steps.confirm(picked))) return null;
  await steps.save(picked);
  return picked;
}

/** A key the server keeps per purchase intent (contract: `[A-Za-z0-9_-]{1,64}`). */
export function newRequestId(random: () => number = Math.random): string {
  const part = () => Math.floor(random() * 2 ** 32).toString(36);
  return `shop-${Date.now().toString(36)}-${part()}${part()}`;
}
