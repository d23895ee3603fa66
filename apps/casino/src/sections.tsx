import { defineRemoteSections } from '@northstar/shell-sdk';
import type { Messages } from '@northstar/i18n';
import HomeSections from './features/lobby/sections.tsx';

/**
 * The casino's parts of the shell's pages, as the browser loads them (`./sections`): the home
 * page's lobby rows. The server render takes the same parts from `./routes` (its server entry).
 */
export default defineRemoteSections({
  name: 'casino',
  messages: (locale) =>
    import(`./locales/${locale}.ts`).then((m: { messages: Messages }) => m.messages),
  sections: { homeLobby: HomeSections },
});
