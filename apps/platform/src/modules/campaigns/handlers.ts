import type { ModuleHandlers } from '../../http/index.ts';
import { consume } from '../../identity/index.ts';
import { findValidPromoCode, invalidPromoCode } from './promo-codes.ts';

/** Checks per address in 10 minutes: enough for typing, too few to enumerate codes. */
export const PROMO_CHECKS_PER_WINDOW = 30;
const PROMO_WINDOW_MS = 10 * 60 * 1000;

export const campaignsHandlers: ModuleHandlers<'campaigns'> = {
  /** §4 the promo field's check (300 ms after the last keystroke in the popup). */
  async checkPromocode(ctx, params) {
    await consume(
      ctx.app.database,
      [
        {
          key: `promo-check:ip:${ctx.ip}`,
          max: PROMO_CHECKS_PER_WINDOW,
          windowMs: PROMO_WINDOW_MS,
        },
      ],
      ctx.app.now(),
    );
    const valid = await findValidPromoCode(ctx.app, params.promo_code);
    if (!valid) throw invalidPromoCode();
    return valid;
  },
};
