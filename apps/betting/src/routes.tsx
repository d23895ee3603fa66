import { defineRemoteRoutes } from '@northstar/shell-sdk';
import type { Messages } from '@northstar/i18n';
import { BettingEventPage, BettingPage } from './features/pages/betting-pages.tsx';

/** Every route the betting remote owns (route table of `@northstar/shell-sdk`). */
export default defineRemoteRoutes({
  name: 'betting',
  messages: (locale) =>
    import(`./locales/${locale}.ts`).then((m: { messages: Messages }) => m.messages),
  pages: {
    betting: BettingPage,
    bettingEvent: BettingEventPage,
  },
});
