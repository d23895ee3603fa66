import type { ModuleHandlers } from '../handlers.ts';
import { consume } from '../../identity/index.ts';
import { findValidPromoCode } from '../../campaigns/index.ts';

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
    // §7 "falsy data means not found": an unknown, switched-off or expired code is a normal
    // answer (`null`), not an error; the field says "not found". (auth/register still refuses
    // such a code on its field: there it is a wrong parameter.)
    return findValidPromoCode(ctx.app, params.promo_code);
  },
};
