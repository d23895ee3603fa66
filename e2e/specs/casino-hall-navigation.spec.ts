import { expect, test, type Page } from '@playwright/test';
import { toBeHydrated, toBeStarted } from '../support/hydration.ts';
import { registerPlayer } from '../support/accounts.ts';
import { isPlaywrightNotice } from '../support/console.ts';

/**
 * Issue #22, in Chromium: every client-side way into the game hall, with each of its filters,
 * shows games, for a visitor and for a signed-in player, with no error boundary and no error in
 * the console. A signed-in player's click on a studio on /providers once broke the whole casino
 * section ("This section is taking a break", `e?.includes is not a function`): the hall cached
 * the player's favourites as a bare list under the key where the shell's start-up keeps
 * games/getLikes' whole answer, and a page load hid it (the hall then fetched first).
 *
 * Also: an unknown `/gamehall/{id}` is the 404 page on a client navigation (its status on a first
 * request is in server-status.spec.ts), and the tournament list speaks each language.
 */

const BROKEN_SECTION = 'This section is taking a break';
const STUDIO = { sysname: 'aurora', name: 'Aurora Gaming' };
const OTHER_STUDIO = 'vega';

const unique = (what: string) =>
  `${what}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Uncaught errors and console errors of the page, from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (isPlaywrightNotice(message.text())) return;
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** Goes to `url` inside the page, as the shell's links do (no page load). */
async function clientNavigate(page: Page, url: string): Promise<void> {
  await toBeStarted(page);
  await page.evaluate((target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/**
 * Marks the document, so a test can tell that a later step did not load a new page. Once the
 * shell has started: a link followed before that is a page load (as it is for a player, and
 * correct), which `networkidle` alone does not rule out on a busy machine.
 */
async function markDocument(page: Page): Promise<void> {
  await toBeStarted(page);
  await page.evaluate(() => {
    (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });
}

async function expectSameDocument(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
  ).toBe(true);
}

/** The hall shows game tiles, no broken section and no 404, and nothing went wrong. */
async function expectGames(page: Page, errors: string[]): Promise<void> {
  await expect(page.locator('[data-remote="casino"] [data-game]').first()).toBeVisible();
  await expect(page.getByText(BROKEN_SECTION)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  await expectSameDocument(page);
  expect(errors).toEqual([]);
}

/** A new signed-in player with one favourite game (the browser's cookies hold the session). */
async function signInWithFavourite(page: Page): Promise<string> {
  await registerPlayer(page.request, unique('hall-nav'));
  const games = await page.request.get(
    `/api/games/get?v=2.34&locale=en-US&options=${encodeURIComponent(
      JSON.stringify({ providers: [STUDIO.sysname], limit: 1 }),
    )}`,
  );
  const sysname = ((await games.json()) as { data: { items: { sysname: string }[] } }).data
    .items[0]!.sysname;
  const liked = await page.request.post('/api/games/addLike?v=2.34&locale=en-US', {
    headers: { 'X-App-Client': 'web/2.34' },
    multipart: { sysname },
  });
  expect(liked.status()).toBe(200);
  return sysname;
}

for (const who of ['visitor', 'player'] as const) {
  test.describe(`as a ${who}`, () => {
    let favourite: string | null = null;
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      favourite = who === 'player' ? await signInWithFavourite(page) : null;
    });

    test('a studio on /providers, then each filter of the hall, shows games', async ({
      page,
      baseURL,
    }) => {
      const errors = collectErrors(page);
      await page.goto('/providers', { waitUntil: 'networkidle' });
      await markDocument(page);

      // The studio's card (the path): the hall filtered by it. The card is the casino
      // remote's, hydrated after the shell: a click before that is a page load (correct for a
      // player, but not the client navigation this test follows).
      const card = page.locator(`[data-provider="${STUDIO.sysname}"]`);
      await toBeHydrated(card);
      await card.click();
      await expect(page).toHaveURL(`${baseURL}/gamehall?providers=${STUDIO.sysname}`);
      await expectGames(page, errors);

      // A category chip: one of the studio's own games' categories, so the grid has games.
      const studioGames = await page.request.get(
        `/api/games/get?v=2.34&locale=en-US&options=${encodeURIComponent(
          JSON.stringify({ providers: [STUDIO.sysname], limit: 1 }),
        )}`,
      );
      const category = (
        (await studioGames.json()) as { data: { items: { categories: string[] }[] } }
      ).data.items[0]!.categories[0]!;
      await page.locator(`[data-category="${category}"]`).click();
      await expect(page).toHaveURL(
        `${baseURL}/gamehall?category=${category}&providers=${STUDIO.sysname}`,
      );
      await expect(page.locator(`[data-category="${category}"]`)).toHaveAttribute(
        'aria-current',
        'true',
      );
      await expectGames(page, errors);

      // A second studio's chip.
      await page.locator(`button[data-provider="${OTHER_STUDIO}"]`).click();
      await expect(page).toHaveURL(
        `${baseURL}/gamehall?category=${category}&providers=${STUDIO.sysname},${OTHER_STUDIO}`,
      );
      await expectGames(page, errors);

      // The sort.
      await page.getByLabel('Sort by').selectOption('name');
      await expect(page).toHaveURL(/[?&]sort=name$/);
      await expectGames(page, errors);

      // Favourites: the player's shortcut lists their game; a visitor has no shortcut.
      if (favourite) {
        // By keyboard: the page has scrolled, and the sticky header and a toast cover the top.
        await page.getByRole('link', { name: 'Favourites' }).focus();
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(`${baseURL}/gamehall/favourites`);
        await expect(
          page.getByRole('list', { name: 'Favourites' }).locator(`[data-game="${favourite}"]`),
        ).toBeVisible();
        await expectGames(page, errors);
      } else {
        await expect(page.getByRole('link', { name: 'Favourites' })).toHaveCount(0);
      }
    });

    const entries = [
      `/gamehall?providers=${STUDIO.sysname}`,
      '/gamehall?category=slots',
      `/gamehall?providers=${STUDIO.sysname},${OTHER_STUDIO}`,
      '/gamehall?sort=new',
      '/gamehall',
      '/gamehall/all',
      `/gamehall/${STUDIO.sysname}`,
      '/gamehall/favourites',
    ];
    for (const entry of entries) {
      test(`a client navigation from /providers into ${entry} shows it`, async ({ page }) => {
        const errors = collectErrors(page);
        await page.goto('/providers', { waitUntil: 'networkidle' });
        await markDocument(page);
        await clientNavigate(page, entry);
        await expect(page.locator('[data-remote="casino"] h1')).toBeVisible();
        if (entry === '/gamehall/favourites' && !favourite) {
          // A visitor's favourites ask them to sign in.
          await expect(page.getByText('Sign in to keep your favourite games here.')).toBeVisible();
          await expectSameDocument(page);
          expect(errors).toEqual([]);
          return;
        }
        if (entry === `/gamehall/${STUDIO.sysname}`) {
          await expect(page.getByRole('heading', { level: 1, name: STUDIO.name })).toBeVisible();
        }
        await expectGames(page, errors);
        if (entry === '/gamehall/favourites') {
          await expect(
            page.getByRole('list', { name: 'Favourites' }).locator(`[data-game="${favourite}"]`),
          ).toBeVisible();
        }
      });
    }
  });
}

test('an unknown /gamehall/{id} is the not-found page on a client navigation (§2)', async ({
  page,
}) => {
  await page.goto('/gamehall', { waitUntil: 'networkidle' });
  await markDocument(page);
  await clientNavigate(page, '/gamehall/not-a-category');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectSameDocument(page);
  // A studio's hall beside it is still its page.
  await clientNavigate(page, `/gamehall/${STUDIO.sysname}`);
  await expect(page.getByRole('heading', { level: 1, name: STUDIO.name })).toBeVisible();
});

test('the tournament list in each language; an unknown tournament is the 404 (issue #27)', async ({
  page,
}) => {
  // The pages themselves (live leaderboard, taking part, the game hall) are tournaments.spec.ts's.
  const titles = {
    'en-US': 'Tournaments',
    'es-ES': 'Torneos',
    'pt-BR': 'Torneios',
    'ru-RU': 'Турниры',
  };
  for (const [locale, title] of Object.entries(titles)) {
    const prefix = locale === 'en-US' ? '' : `/${locale}`;
    await test.step(`${prefix}/tournaments`, async () => {
      const response = await page.goto(`${prefix}/tournaments`);
      expect(response?.status()).toBe(200);
      const main = page.locator('[data-remote="casino"]');
      await expect(main.getByRole('heading', { level: 1, name: title })).toBeVisible();
    });
  }
  for (const path of ['/tournaments/999999', '/es-ES/tournaments/999999/gamehall']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.locator('[data-system-page="not-found"]')).toBeVisible();
  }
});
