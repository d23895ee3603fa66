import type { ModuleHandlers } from '../handlers.ts';
import { storeSupportMessage, supportBudgets } from '../../chat/index.ts';
import { entriesOf } from '../../content/index.ts';
import { consume } from '../../identity/index.ts';
import { isRecord } from '../../lib/input.ts';

export const supportHandlers: ModuleHandlers<'support'> = {
  /**
   * §3 Support settings, from the content backend's `support-settings` single type: the active
   * chat provider (null: no chat) and each provider's widget config. Only a provider's string
   * fields pass, so a half-typed entry cannot break the answer's contract.
   */
  async getsettings(ctx) {
    const [entry] = await entriesOf(ctx.app, 'support-settings', null);
    const chat = typeof entry?.chat === 'string' && entry.chat !== '' ? entry.chat : null;
    const config: Record<string, Record<string, string>> = {};
    if (isRecord(entry?.config)) {
      for (const [provider, settings] of Object.entries(entry.config)) {
        if (!isRecord(settings)) continue;
        config[provider] = Object.fromEntries(
          Object.entries(settings).filter(
            (pair): pair is [string, string] => typeof pair[1] === 'string',
          ),
        );
      }
    }
    return { chat, config };
  },

  /**
   * The `/support` feedback form (issue #30): kept and mailed to the support address (chat/),
   * within the budgets per client address, e-mail address and account.
   */
  async sendFeedback(ctx, params) {
    const playerId = ctx.session?.playerId ?? null;
    const email = params.email ?? null;
    await consume(
      ctx.app.database,
      supportBudgets('feedback', ctx.ip, email, playerId),
      ctx.app.now(),
    );
    await storeSupportMessage(ctx.app.database.db, ctx.app.config, {
      kind: 'feedback',
      playerId,
      email,
      text: params.message,
      ip: ctx.ip,
    });
    return 1;
  },
};
