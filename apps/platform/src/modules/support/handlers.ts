import type { ModuleHandlers } from '../handlers.ts';
import { entriesOf } from '../../content/index.ts';
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
};
