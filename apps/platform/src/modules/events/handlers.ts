import { ApiError } from '@northstar/errors';
import { CONSENT_COOKIE } from '@northstar/shell-sdk/analytics';
import { recordEvent } from '../../analytics/index.ts';
import type { ModuleHandlers } from '../handlers.ts';

export const eventsHandlers: ModuleHandlers<'events'> = {
  /**
   * The site's own analytics collector (issue #28). Nothing is kept without the visitor's
   * analytics consent, whatever the page does: the consent cookie is checked here too.
   */
  async handle(ctx, params) {
    if (ctx.request.cookies[CONSENT_COOKIE] !== 'all') {
      throw new ApiError('AccessDenied', 'Analytics needs the visitor’s consent');
    }
    await recordEvent(ctx.app.database.db, {
      name: params.event_name,
      properties: params.event_params ?? {},
      playerId: ctx.session?.playerId ?? null,
      now: ctx.app.now(),
    });
    return 1 as const;
  },
};
