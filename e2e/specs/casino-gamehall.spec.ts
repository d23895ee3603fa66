import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerPlayer, staffAuth } from '../support/accounts.ts';
import { startPlatform } from '../support/platform.ts';
import { toBeHydrated } from '../support/hydration.ts';
import { seriousViolations } from '../support/axe.ts';

/**
 * #15 the gamehall in Chromium: filtered by provider and by category it shows exactly the games
 * games/get answers (in its order), and its server HTML already holds the first tiles; the search
 * popup finds a slot and opens its game page by keyboard; favourites survive a reload; the full
 * grid scrolls to its last game while the page holds far fewer tiles than the catalogue; no
 * sideways scroll at 375 px; axe finds nothing serious; and, on a platform of its own, an
 * operator's games config (one grid, portrait tiles, star, no RTP, the zero-balance slot rule).
 */

interface ApiGame {
  sysname: string;
  name: string;
  provider: { sysname: string };
  categories?: string[];
}

async function apiGames(
  request: APIRequestContext,
  options: Record<string, unknown>,
): Promise<{ total: number; items: ApiGame[] }> {
  const response = await request.get(
    `/api/games/get?v=2.34&locale=en-US&options=${encodeURIComponent(JSON.stringify(options))}`,
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { total: number; items: ApiGame[] } }).data;
}

/** The sysnames of the grid's tiles, in the order the page shows them. */
const gridGames = (page: Page) =>
  page
    .locator('[data-hall-total] [data-game]')
    .evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-game')!));

const grid = (page: Page) => page.locator('[data-hall-total]');

const unique = (what: string) =>
  `${what}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

test('filtered by providers and by category, the hall shows the games the API answers', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });

  // §2 helper link: comma-joined providers, and a sort of ours.
  // Server HTML first: the chips work once the browser has hydrated it.
  await page.goto('/gamehall?providers=aurora,vega&sort=name', { waitUntil: 'networkidle' });
  const byProviders = await apiGames(page.request, {
    providers: ['aurora', 'vega'],
    sort: 'name',
    limit: 48,
  });
  await expect(grid(page)).toHaveAttribute('data-hall-total', String(byProviders.total));
  const shown = await gridGames(page);
  expect(shown.length).toBeGreaterThanOrEqual(12);
  expect(shown).toEqual(byProviders.items.slice(0, shown.length).map((g) => g.sysname));
  await expect(page.getByRole('button', { name: 'Aurora Gaming' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByLabel('Sort by')).toHaveValue('name');

  // A category chip narrows it further; the URL follows and the grid is the API's answer again.
  // Clicked once React owns it (a click on the server's HTML while it hydrates was lost).
  const roulette = page.getByRole('group', { name: 'Categories' }).getByRole('link', {
    name: /Roulette/,
  });
  await toBeHydrated(roulette);
  await roulette.click();
  await expect(page).toHaveURL(/\/gamehall\?category=roulette&providers=aurora,vega&sort=name$/);
  const both = await apiGames(page.request, {
    category: 'roulette',
    providers: ['aurora', 'vega'],
    sort: 'name',
    limit: 48,
  });
  await expect(grid(page)).toHaveAttribute('data-hall-total', String(both.total));
  await expect.poll(() => gridGames(page)).toEqual(both.items.map((g) => g.sysname));
  for (const game of both.items) {
    expect(game.provider.sysname).toMatch(/^(aurora|vega)$/);
    expect(game.categories).toContain('roulette');
  }

  // Taking a provider away with its chip.
  await page.getByRole('button', { name: 'Vega Interactive' }).click();
  await expect(page).toHaveURL(/providers=aurora&sort=name$/);
  const aurora = await apiGames(page.request, {
    category: 'roulette',
    providers: ['aurora'],
    sort: 'name',
    limit: 48,
  });
  await expect.poll(() => gridGames(page)).toEqual(aurora.items.map((g) => g.sysname));

  // By category alone (another sort), and the count says how many.
  await page.goto('/gamehall?category=table&sort=rtp');
  const table = await apiGames(page.request, { category: 'table', sort: 'rtp', limit: 48 });
  await expect(grid(page)).toHaveAttribute('data-hall-total', String(table.total));
  const tables = await gridGames(page);
  expect(tables).toEqual(table.items.slice(0, tables.length).map((g) => g.sysname));
  await expect(page.getByText(`${table.total} games`)).toBeVisible();
});

test('the server HTML of a filtered hall already holds its first tiles', async ({ request }) => {
  const expected = await apiGames(request, { category: 'slots', sort: 'new', limit: 48 });
  const response = await request.get('/gamehall?category=slots&sort=new');
  expect(response.status()).toBe(200);
  const html = await response.text();
  const tiles = [...html.matchAll(/<article[^>]*data-game="([^"]+)"/g)].map((m) => m[1]);
  expect(tiles.length).toBeGreaterThanOrEqual(12);
  expect(tiles).toEqual(expected.items.slice(0, tiles.length).map((g) => g.sysname));
  expect(html).toContain(`data-hall-total="${expected.total}"`);
  // The first row's images load at once, later ones lazily; every image has its size.
  expect(html).toMatch(/<img[^>]*loading="eager"[^>]*>/);
  expect(html).toMatch(/<img[^>]*loading="lazy"[^>]*>/);
  for (const img of html.match(/<img[^>]*>/g) ?? []) {
    expect(img).toMatch(/width="\d+"/);
    expect(img).toMatch(/height="\d+"/);
  }
  // The categories hall's first rows are in the HTML too.
  const hall = await (await request.get('/gamehall')).text();
  expect(hall).toContain('data-remote="casino"');
  expect(hall).toMatch(/data-category-row="slots"[\s\S]*data-game="/);
});

test('search finds a slot as you type (debounced) and Enter opens its game page', async ({
  page,
}) => {
  // Two halls, a name typed key by key and a game page: more than the default 30 s on a busy
  // machine.
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  const [slot] = (await apiGames(page.request, { category: 'slots', sort: 'name', limit: 1 }))
    .items;
  await page.goto('/gamehall', { waitUntil: 'networkidle' });
  const searches: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/games/get' && url.searchParams.get('options')?.includes('search'))
      searches.push(url.searchParams.get('options')!);
  });

  await toBeHydrated(page.getByRole('button', { name: 'Search games' }));
  await page.getByRole('button', { name: 'Search games' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search games' });
  const input = dialog.getByRole('searchbox', { name: 'Game name' });
  await expect(input).toBeFocused();
  // Typed key by key, faster than the pause: one call for the whole name, not one a key.
  await input.pressSequentially(slot!.name, { delay: 40 });
  const result = dialog.locator(`a[data-game="${slot!.sysname}"]`);
  await expect(result).toBeVisible();
  expect(searches.length).toBeLessThanOrEqual(2);
  await expect(dialog.getByRole('status')).toContainText(slot!.name);

  // Keyboard: ↓ to the first result, Enter opens it.
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('link').first()).toBeFocused();
  const first = await dialog.getByRole('link').first().getAttribute('data-game');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/game/${first}$`));
  await expect(dialog).toBeHidden();

  // No result: a translated message, and Esc closes.
  await page.goto('/es-ES/gamehall', { waitUntil: 'networkidle' });
  await toBeHydrated(page.getByRole('button', { name: 'Buscar juegos' }));
  await page.getByRole('button', { name: 'Buscar juegos' }).click();
  const buscar = page.getByRole('dialog', { name: 'Buscar juegos' });
  await buscar.getByRole('searchbox').fill('zzqx nothing');
  await expect(buscar.getByRole('status')).toHaveText('Ningún juego coincide con «zzqx nothing».');
  await page.keyboard.press('Escape');
  await expect(buscar).toBeHidden();
});

test('favourites: a visitor is asked to sign in; a player’s heart survives a reload', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/gamehall/all', { waitUntil: 'networkidle' });
  const firstTile = page.locator('[data-hall-total] [data-game]').first();
  // The grid's tiles are server HTML until React takes them over: a click before that is lost.
  await toBeHydrated(firstTile.getByRole('button', { name: /^Favourite:/ }));
  await firstTile.getByRole('button', { name: /^Favourite:/ }).click();
  await expect(page.locator('[data-dialog-id="auth"]')).toBeVisible();
  await page.keyboard.press('Escape');

  await registerPlayer(page.request, unique('favourites'));
  await page.goto('/gamehall/all', { waitUntil: 'networkidle' });
  const sysname = (await firstTile.getAttribute('data-game'))!;
  const heart = firstTile.getByRole('button', { name: /^Favourite:/ });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await toBeHydrated(heart);
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => {
      const likes = await page.request.get('/api/games/getLikes?v=2.34&locale=en-US');
      return ((await likes.json()) as { data: { sysnames: string[] } }).data.sysnames;
    })
    .toEqual([sysname]);

  await page.reload({ waitUntil: 'networkidle' });
  await expect(
    page.locator(`[data-hall-total] [data-game="${sysname}"]`).getByRole('button', {
      name: /^Favourite:/,
    }),
  ).toHaveAttribute('aria-pressed', 'true');

  // The favourites collection lists it; a second press takes it away, for good.
  await page.goto('/gamehall/favourites', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1, name: 'Favourites' })).toBeVisible();
  const listed = page.getByRole('list', { name: 'Favourites' }).locator('[data-game]');
  await expect(listed).toHaveCount(1);
  await expect(listed.first()).toHaveAttribute('data-game', sysname);
  await listed
    .first()
    .getByRole('button', { name: /^Favourite:/ })
    .click();
  await expect(page.getByText('No favourites yet.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No favourites yet.')).toBeVisible();
});

test('a failed favourite is rolled back with a toast', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerPlayer(page.request, unique('rollback'));
  // The network fails the add after a moment: long enough to see the heart pressed at once.
  let release!: () => void;
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/games/addLike**', async (route) => {
    await answered;
    await route.abort('failed');
  });
  await page.goto('/gamehall/all', { waitUntil: 'networkidle' });
  const heart = page
    .locator('[data-hall-total] [data-game]')
    .first()
    .getByRole('button', { name: /^Favourite:/ });
  // Seen once on a busy machine: the click landed before hydration and was lost.
  await toBeHydrated(heart);
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  release();
  await expect(
    page.getByText('We could not add the game to your favourites. Please try again.'),
  ).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
});

test('the full grid scrolls to the last game with far fewer tiles in the page', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/gamehall/all');
  const total = Number(await grid(page).getAttribute('data-hall-total'));
  expect(total).toBeGreaterThan(1000);
  const [last] = (await apiGames(page.request, { sort: 'popular', offset: total - 1, limit: 1 }))
    .items;
  const lastTile = page.locator(`[data-hall-total] [data-game="${last!.sysname}"]`);
  let most = 0;
  for (let i = 0; i < 60 && !(await lastTile.isVisible()); i++) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(250);
    most = Math.max(most, await page.locator('[data-hall-total] [data-game]').count());
  }
  await expect(lastTile).toBeVisible();
  await expect(lastTile.locator('..')).toHaveAttribute('aria-posinset', String(total));
  expect(most).toBeLessThan(150);
  await expectNoSidewaysScroll(page);
});

test('at 375 px nothing scrolls sideways, and axe finds nothing serious', async ({ page }) => {
  // Five pages, each checked by axe: more than the default 30 s on a busy 2-core machine.
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 812 });
  for (const path of ['/gamehall', '/gamehall/all', '/gamehall/aurora', '/gamehall/no-such']) {
    await page.goto(path);
    // An id that is no category, collection or studio is the site's not-found page (§2).
    const heading =
      path === '/gamehall/no-such'
        ? page.getByRole('heading', { name: 'Page not found' })
        : page.locator('[data-remote="casino"] h1');
    await expect(heading).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page), path).toEqual([]);
  }
  await page.goto('/gamehall/all');
  // Server HTML first: the search button opens the popup once React has hydrated it.
  await toBeHydrated(page.getByRole('button', { name: 'Search games' }));
  await page.getByRole('button', { name: 'Search games' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search games' });
  await dialog.getByRole('searchbox').fill('roulette');
  await expect(dialog.locator('a[data-game]').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
});

test('an operator’s games config: one grid, portrait tiles, a star, no RTP, and no slot without money', async ({
  browser,
}) => {
  // Its own platform: the site config changes for every page it serves.
  test.setTimeout(150_000);
  const platform = await startPlatform();
  try {
    const context = await browser.newContext({ baseURL: platform.url });
    const switched = await context.request.put('/cms/site-config?locale=en-US', {
      headers: await staffAuth(context.request),
      data: {
        data: {
          games: {
            hallType: 'items',
            itemOrientation: 'vertical',
            favouriteIcon: 'star',
            showRtp: false,
            zeroBalanceSlotAccess: false,
          },
        },
      },
    });
    expect(switched.status()).toBe(200);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    // A new player: signed in, with nothing on the balance.
    await registerPlayer(page.request, unique('zero'));
    await page.goto('/gamehall', { waitUntil: 'networkidle' });

    // `items`: the hall is one grid of every game, no rows per category.
    const total = (await apiGames(page.request, { limit: 1 })).total;
    await expect(grid(page)).toHaveAttribute('data-hall-total', String(total));
    await expect(page.locator('[data-category-row]')).toHaveCount(0);
    // Portrait tiles, eight a row at this width, and no RTP.
    const image = page.locator('[data-hall-total] [data-game] img').first();
    await expect(image).toHaveAttribute('width', '192');
    await expect(image).toHaveAttribute('height', '288');
    await expect(page.locator('[data-hall-total]').getByText(/RTP/)).toHaveCount(0);
    const columns = await page
      .locator('[data-hall-total] ul')
      .evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(8);
    // The favourite toggle draws ui's star, not the heart (from the icons' sprite).
    await expect(page.locator('[data-hall-total] [data-favourite] use').first()).toHaveAttribute(
      'href',
      /^\/_icons\/sprite\.svg\?v=[0-9a-f]{10}#star$/,
    );

    // Zero balance: a slot's tile leads to the deposit page; a table game still opens.
    const [slot] = (await apiGames(page.request, { category: 'slots', limit: 1 })).items;
    const [table] = (await apiGames(page.request, { category: 'roulette', limit: 1 })).items;
    await page.goto(`/gamehall?category=slots`, { waitUntil: 'networkidle' });
    const slotLink = page.locator(`[data-game="${slot!.sysname}"] a`);
    await expect(slotLink).toHaveAttribute('href', '/cashier/deposit');
    await page.goto(`/gamehall?category=roulette`, { waitUntil: 'networkidle' });
    await expect(page.locator(`[data-game="${table!.sysname}"] a`)).toHaveAttribute(
      'href',
      `/game/${table!.sysname}`,
    );
    await page.goto(`/gamehall?category=slots`, { waitUntil: 'networkidle' });
    await slotLink.click();
    await expect(page).toHaveURL(/\/cashier\/deposit$/);
    await context.close();
  } finally {
    await platform.stop();
  }
});
