import type { ModuleHandlers } from '../handlers.ts';
import { markOnVerification } from '../../kyc/index.ts';

/** §7 account/setUserOnVerification (issue #25): thin, over kyc/'s door. */
export const verificationHandlers: ModuleHandlers<'account'> = {
  async setUserOnVerification(ctx) {
    await markOnVerification(ctx.app, ctx.playerId());
    return 1 as const;
  },
};
