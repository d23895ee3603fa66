import * as v from 'valibot';
import * as w from '../wire.ts';
import { supportProviderConfig } from '../site-config/sections.ts';
import { method, ok } from './shared.ts';

// §7 `support`: its methods.

/** §3 Support settings: the active chat provider and a config object per provider. */
const supportSettings = v.object({
  chat: v.nullable(v.string()),
  config: v.record(v.string(), supportProviderConfig),
});

export const support = {
  getsettings: method(
    'support',
    'getsettings',
    'GET',
    'public',
    w.noParams,
    supportSettings,
    'built',
  ),
  /**
   * Public: the feedback form of `/support`. Stored and mailed to the support address; `email`
   * (optional, §5 email rule) is where an answer goes. Rate-limited per address and per account.
   */
  sendFeedback: method(
    'support',
    'sendFeedback',
    'POST',
    'public',
    w.params({ email: w.optional(w.email()), message: w.text({ max: 4000 }) }),
    ok,
    'built',
  ),
};
