import { domain } from '../lib/domain.ts';
import { startConsumer } from '../play-events/index.ts';
import { applyPlayEvents, CONSUMER } from './earning.ts';

/**
 * Loyalty's door (issues #23, #27): characters, players' loyalty accounts, the points ledger,
 * levels, earning rates, programmes, the shop and notifications. Its tables are declared in
 * ./schema.ts and read only here; the API's loyalty methods (modules/loyalty), the sign-up, the
 * cashier (deposits) and the account (profile, contacts) call these operations. Points come from
 * the play-event stream (play-events/, its own cursor `loyalty`); money moves only through
 * wallet/ and bonuses/ doors.
 */
export {
  characterById,
  characterPage,
  ensureCharacter,
  loyaltyAccountOf,
  openLoyaltyAccount,
  type Character,
  type LoyaltyAccount,
} from './accounts.ts';
export { applyPlayEvents, CONSUMER as LOYALTY_CONSUMER, earnRates, rateFor } from './earning.ts';
export { pointsHistory, type PointsHistoryRow } from './history.ts';
export { discountedPrice, levelFor, pointsForStake, type LevelDef } from './levels.ts';
export {
  takeUnseen,
  textOf,
  TRIGGERS,
  type NotificationView,
  type Trigger,
} from './notifications.ts';
export {
  cashbackPerksBp,
  levelTable,
  movePoints,
  type PointsChange,
  type PointsResult,
} from './points.ts';
export { programBySysname, programs, progressOf, type ProgramRow } from './programs.ts';
export { advance, periodOf, stepOf, type ProgramRule, type Signal } from './quests.ts';
export { buyProduct, products, type ProductRow, type Purchase } from './shop.ts';
export { recordDeposit, recordSignal, welcomePlayer } from './signals.ts';
export { LEVELS, seedDemoLoyalty, seedLoyaltyRules } from './seeding.ts';
export {
  allPrograms,
  allProducts,
  saveLevel,
  setProductActive,
  setProgramActive,
  type LevelInput,
} from './back-office.ts';

/**
 * On every instance: the loyalty consumer of the play events (safe with several instances:
 * play-events/consumer.ts). `loyaltyPollMs` 0 turns its safety poll off (tests); NOTIFY still
 * wakes it.
 */
export const loyaltyDomain = domain('loyalty', async (server, app) => {
  const consumer = await startConsumer(app.database, CONSUMER, applyPlayEvents, {
    pollMs: app.config.loyaltyPollMs ?? 5_000,
  });
  server.addHook('onClose', async () => {
    await consumer.stop();
  });
});
