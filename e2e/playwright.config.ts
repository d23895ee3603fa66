import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tools/lib/chromium.ts';

/**
 * e2e: Playwright drives Debian's Chromium (`/usr/bin/chromium`, never a downloaded browser)
 * against the production build served by the platform. The global setup builds (Nx reuses the
 * build of the same sources) and starts the platform on a free port with a temporary DATA_DIR.
 */
// Each platform the tests start writes its warnings and faults here when it stops
// (tools/lib/platform-process.ts).
process.env.PLATFORM_LOG_DIR ??= path.join(import.meta.dirname, 'artifacts/platform-logs');

export default defineConfig({
  testDir: './specs',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  // In CI a test that fails is run once more; one that then passes is reported as flaky in the
  // summary (tools/test.ts) rather than failing the whole run: timing under a loaded 2-core
  // machine, not behaviour. A test that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  // A journey of several page loads and sign-ins takes 20–30 s on this 2-core machine while the
  // other worker, the platform and two browsers share it; 60 s keeps a busy moment from failing
  // a test whose behaviour is fine (each expectation still has its own 10 s).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: './artifacts/test-results',
  reporter: [['list'], ['json', { outputFile: './artifacts/results.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    trace: 'off',
    screenshot: 'only-on-failure',
    // The site's service worker precaches the shell at install, in every new browser context: a
    // few hundred KB per test that the tests of other behaviour do not need. pwa.spec.ts, which
    // tests the worker, allows it (Playwright's own switch; the site does not know).
    serviceWorkers: 'block',
    // Issue #28: every test's browser has answered the cookie banner ("necessary only"), so the
    // banner does not sit over the pages the tests look at; analytics.spec.ts starts without it.
    // (Contexts a test opens itself with `browser.newContext()` start without it, as a new
    // visitor's does.)
    storageState: {
      cookies: [
        {
          name: 'cookie_consent',
          value: 'necessary',
          domain: '127.0.0.1',
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [],
    },
  },
});
