// Lingui for the shell app: the shared configuration (tools/lingui-config.js), with the shell's
// texts in two catalogs. `src/locales/{locale}` holds what the first screen shows; the texts of
// the parts that load on demand (system pages, content pages, the player's menu and watchers,
// dialogs' frame, the balance, the support page and the live chat) are in
// `src/locales/more/{locale}`, loaded with those parts (src/content/more-messages.ts), so the
// first screen does not download them.
import { linguiConfig } from '../../tools/lingui-config.js';

/** The on-demand parts: every file here is reached only through a lazy import. */
export const ON_DEMAND = [
  '<rootDir>/src/dialogs/dialog-view.tsx',
  '<rootDir>/src/layout/balance-slot.tsx',
  '<rootDir>/src/pages/content-pages.tsx',
  '<rootDir>/src/pages/shell-pages.tsx',
  '<rootDir>/src/routing/url-actions.tsx',
  '<rootDir>/src/session/player-menu.tsx',
  '<rootDir>/src/session/player-watchers.tsx',
  '<rootDir>/src/session/loyalty-toasts.tsx',
  '<rootDir>/src/session/reality-check-watcher.tsx',
  '<rootDir>/src/session/locales-not-found.tsx',
  '<rootDir>/src/system/not-found-page.tsx',
  '<rootDir>/src/system/remote-unavailable.tsx',
  '<rootDir>/src/system/system-pages.tsx',
  '<rootDir>/src/sw/app-updates.tsx',
  '<rootDir>/src/analytics/analytics.tsx',
  '<rootDir>/src/layout/app-back.tsx',
  // The support page and the live chat (issue #30).
  '<rootDir>/src/support/support-page.tsx',
  '<rootDir>/src/support/message-form.tsx',
  '<rootDir>/src/support/northstar/chat-launcher.tsx',
  '<rootDir>/src/support/northstar/chat-dialog.tsx',
];

const base = linguiConfig();

export default {
  ...base,
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}', include: ['<rootDir>/src'], exclude: ON_DEMAND },
    { path: '<rootDir>/src/locales/more/{locale}', include: ON_DEMAND },
  ],
};
