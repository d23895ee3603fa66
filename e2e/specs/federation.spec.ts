import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { toBeHydrated } from '../support/hydration.ts';
import {
  freePort,
  startPlatform,
  WORKSPACE_ROOT,
  type RunningPlatform,
} from '../support/platform.ts';
import { startStaticServer } from '../support/static-server.ts';
import { signInAsDemo } from '../support/accounts.ts';
// The one list the browser builds and the server's share scope read too (architecture.md "Module
// Federation rules"), never a copy of it.
import { SHARED_SINGLETONS as SINGLETONS } from '@northstar/shell-sdk/ssr';

type Money = { amount: string; currency: string };

/** Whether any source file of these apps imports `specifier` (exactly, or a path under it). */
function importedBy(apps: string[], specifier: string): boolean {
  const quoted = new RegExp(`['"]${specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}['"/]`);
  return apps.some((app) => {
    const dir = path.join(WORKSPACE_ROOT, 'apps', app, 'src');
    return (
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        // The shell's server render (src/server/) hands remotes every singleton; it runs on Node only.
        .filter((file) => /\.tsx?$/.test(file) && !file.startsWith(`server${path.sep}`))
        .some((file) => quoted.test(readFileSync(path.join(dir, file), 'utf8')))
    );
  });
}

test('the cashier refreshes the balance through shell-sdk and the shell header shows the server total; one version of each singleton', async ({
  page,
}) => {
  // What `account/getBalance` answered, and the total the server has once another tab's
  // payment went through (played by the route below; the rest of the answer is the real one).
  const served: Money[] = [];
  let totalAfterPayment: Money | null = null;
  await page.route(/\/api\/account\/getBalance\?/, async (route) => {
    try {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { balance_total: Money } };
      if (totalAfterPayment) body.data.balance_total = totalAfterPayment;
      await route.fulfill({ response, json: body });
      served.push(body.data.balance_total);
    } catch {
      // The page navigated on while this answer was on its way (the request and its response
      // are disposed of): nobody reads it, so nothing was served.
    }
  });

  // A visitor asks nothing and sees no balance (the cashier is a player's page, §2: the visitor
  // lands on the index).
  await page.goto('/cashier/wallet');
  await expect(page).toHaveURL(/\/\?redirectUrl=%2Fcashier%2Fwallet$/);
  await expect(page.getByTestId('header-balance')).toHaveCount(0);
  expect(served).toHaveLength(0);

  await signInAsDemo(page);
  await page.goto('/cashier/wallet');
  await expect(page.locator('[data-remote="cashier"]')).toBeVisible();
  await expect.poll(() => served.length).toBeGreaterThan(0);
  const first = served.at(-1)!;
  await expect(page.getByTestId('header-balance')).toContainText(
    new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(Number(first.amount)),
  );
  // Header and remote read one answer: the remote's text shows the same amount.
  await expect(page.locator('[data-remote="cashier"]')).toContainText(
    `€ ${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(Number(first.amount))}`,
  );

  // Another tab finished a payment: the cashier remote hears it and asks the server again; the
  // header shows the server's total (which is no sum of the parts the client could make).
  totalAfterPayment = { amount: '1250.75', currency: 'EUR' };
  // The remote listens once its page has hydrated (the server's HTML is kept until then, and a
  // message before it is nobody's): the other tab's message is sent until it is heard.
  await toBeHydrated(page.locator('[data-remote="cashier"]'));
  await expect(async () => {
    await page.evaluate(() =>
      new BroadcastChannel('northstar:wallet').postMessage({ type: 'balance' }),
    );
    await expect(page.getByTestId('header-balance')).toContainText('€ 1,250.75', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 15_000 });
  await expect(page.locator('[data-remote="cashier"]')).toContainText('€ 1,250.75');

  // Open the authorization popup too, so the lazily shared dialog entry is in use as well.
  await page.goto('/cashier/wallet?show_popup_auth=1');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.locator('[data-remote="cashier"]')).toBeVisible();

  const shares = await page.evaluate(() => {
    // instance → share scope → package → version → share info
    type ShareInfo = { from: string; loaded?: boolean; useIn?: string[] };
    type Share = Record<string, Record<string, Record<string, Record<string, ShareInfo>>>>;
    const federation = (window as unknown as { __FEDERATION__: { __SHARE__: Share } })
      .__FEDERATION__;
    const out: Record<string, { versions: string[]; from: string[]; useIn: string[] }> = {};
    for (const scopes of Object.values(federation.__SHARE__)) {
      for (const [pkg, versions] of Object.entries(scopes.default ?? {})) {
        const entry = (out[pkg] ??= { versions: [], from: [], useIn: [] });
        for (const [version, share] of Object.entries(versions)) {
          if (!share.loaded) continue;
          if (!entry.versions.includes(version)) entry.versions.push(version);
          if (!entry.from.includes(share.from)) entry.from.push(share.from);
          for (const user of share.useIn ?? [])
            if (!entry.useIn.includes(user)) entry.useIn.push(user);
        }
      }
    }
    return out;
  });

  // `react/` (trailing slash) shares every subpath (`react/jsx-runtime`…); the rest are exact.
  const declared = (pkg: string) =>
    SINGLETONS.some((entry) => (entry.endsWith('/') ? pkg.startsWith(entry) : pkg === entry));
  const checked = [
    ...SINGLETONS.filter((entry) => !entry.endsWith('/')),
    ...Object.keys(shares).filter((pkg) =>
      SINGLETONS.some((e) => e.endsWith('/') && pkg.startsWith(e)),
    ),
  ];
  // Nothing is shared that the build does not declare a singleton.
  for (const pkg of Object.keys(shares)) expect(declared(pkg), `${pkg} is declared`).toBe(true);
  for (const pkg of checked) {
    // A singleton nothing on this page imports (a forms entry on a page with no form) is not
    // registered at all; every other one is loaded once, from the shell.
    if (!shares[pkg] && !importedBy(['shell', 'cashier'], pkg)) continue;
    expect(shares[pkg], pkg).toBeDefined();
    expect(shares[pkg]?.versions, `${pkg}: one loaded version`).toHaveLength(1);
    // An entry the shell itself never imports (the forms, which the auth popup brings) is
    // provided once, by the first remote that needs it; every other one by the shell. The shell
    // imports the forms only in chunks it loads late (/support and the live chat's dialog), so
    // the forms are provided by whichever comes first: the shell's chat or the cashier's page.
    if (importedBy(['shell'], pkg) && pkg !== '@northstar/ui/forms') {
      expect(shares[pkg]?.from, `${pkg}: provided by the shell`).toEqual(['shell']);
    } else {
      expect(shares[pkg]?.from, `${pkg}: provided once`).toHaveLength(1);
    }
  }
  // The cashier really consumed the shell's instances.
  for (const pkg of ['react', 'react/jsx-runtime', '@northstar/shell-sdk', '@northstar/ui']) {
    expect(shares[pkg]?.useIn, pkg).toContain('cashier');
  }
});

test.describe('remotes.json pointing elsewhere', () => {
  // Each case starts its own platform (and, for one, a second static server).
  test.describe.configure({ timeout: 90_000 });
  let folder: string;
  test.beforeAll(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-remotes-'));
  });
  test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

  test('a dead remote shows its fallback while the header and other remotes keep working', async ({
    page,
  }) => {
    const deadPort = await freePort();
    const file = path.join(folder, 'dead.json');
    writeFileSync(
      file,
      JSON.stringify({
        casino: `http://127.0.0.1:${deadPort}/mf-manifest.json`,
        promo: '/remotes/promo/mf-manifest.json',
        cashier: '/remotes/cashier/mf-manifest.json',
      }),
    );
    const platform: RunningPlatform = await test.step('start a platform', () =>
      startPlatform({ remotesFile: file }));
    try {
      await page.setViewportSize({ width: 1440, height: 900 });
      let loads = 0;
      page.on('load', () => loads++);
      // The server rendered the page without the dead remote; hydration agrees with it.
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.goto(`${platform.url}/gamehall`);
      await expect(page.locator('[data-remote-fallback="casino"]')).toBeVisible();
      expect(pageErrors).toEqual([]);
      // The chunk-load error reloaded the target path once; the guard stopped a second reload.
      expect(loads).toBe(2);
      await page.waitForTimeout(500);
      expect(loads).toBe(2);
      await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();

      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Promotions' })
        .click();
      await expect(page.locator('[data-remote="promo"]')).toBeVisible();
      await page.goto(`${platform.url}/es-ES/promotions/1`);
      await expect(page.locator('[data-remote="promo"]')).toBeVisible();
      // A remote missing from remotes.json falls back too.
      await page.goto(`${platform.url}/betting`);
      await expect(page.locator('[data-remote-fallback="betting"]')).toBeVisible();
    } finally {
      await test.step('stop the platform', () => platform.stop());
    }
  });

  test("a remote's dist copied to another port and path still loads; its server entry runs only from an allowed origin", async ({
    page,
    request,
  }) => {
    const cdnRoot = path.join(folder, 'cdn');
    cpSync(path.join(WORKSPACE_ROOT, 'apps/casino/dist'), path.join(cdnRoot, 'static/casino-v42'), {
      recursive: true,
    });
    const cdn = await startStaticServer(cdnRoot);
    const file = path.join(folder, 'moved.json');
    writeFileSync(
      file,
      JSON.stringify({ casino: `${cdn.url}/static/casino-v42/mf-manifest.json` }),
    );
    const serverEntry = '/static/casino-v42/server/routes.cjs';
    const pageUrl = '/es-ES/tournaments';
    const state = (html: string) =>
      JSON.parse(
        /<script type="application\/json" id="ns-state">(.*?)<\/script>/.exec(html)![1]!,
      ) as {
        clientOnlyRemotes: string[];
      };

    // REMOTE_ORIGINS unset (the platform's own only): the CDN's server code is never fetched nor
    // run; the page still answers 200, server-rendered around the casino's part, which the
    // browser then draws from the CDN.
    const platform = await startPlatform({ remotesFile: file });
    try {
      const answer = await request.get(`${platform.url}${pageUrl}`);
      expect(answer.status()).toBe(200);
      const html = await answer.text();
      expect(state(html).clientOnlyRemotes).toEqual(['casino']);
      expect(html).toContain('<header');
      expect(html).not.toContain('data-remote="casino"');

      await page.goto(`${platform.url}${pageUrl}`);
      await expect(page.locator('[data-remote="casino"]')).toBeVisible();
      // The page is server HTML first: the browser fetches the remote from the CDN as it hydrates.
      await expect
        .poll(() => cdn.requests.includes('/static/casino-v42/mf-manifest.json'))
        .toBe(true);
      await expect
        .poll(() =>
          cdn.requests.some((p) => /^\/static\/casino-v42\/remoteEntry\.[0-9a-f]+\.js$/.test(p)),
        )
        .toBe(true);
      await expect
        .poll(() => cdn.requests.some((p) => p.includes('__federation_expose_routes')))
        .toBe(true);
      expect(cdn.requests).not.toContain(serverEntry);
    } finally {
      await platform.stop();
    }

    // The operator allows the CDN's origin: its server entry is fetched and the casino's page is
    // in the server's HTML.
    const allowed = await startPlatform({ remotesFile: file, env: { REMOTE_ORIGINS: cdn.url } });
    try {
      const html = await (await request.get(`${allowed.url}${pageUrl}`)).text();
      expect(cdn.requests).toContain(serverEntry);
      expect(state(html).clientOnlyRemotes).toEqual([]);
      expect(html).toContain('data-remote="casino"');
    } finally {
      await allowed.stop();
      await cdn.stop();
    }
  });
});
