import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { toBeStarted } from '../support/hydration.ts';
import { DEMO_PLAYER, staffAuth } from '../support/accounts.ts';
import { startPlatform, type RunningPlatform } from '../support/platform.ts';
import { seriousViolations } from '../support/axe.ts';
import { isPlaywrightNotice } from '../support/console.ts';

/**
 * The game page `/game/{sysname}` (issue #15, spec §2): a player spins a slot for real money in
 * the frame and the header follows (balance, session time, net position; UK RTS 14 and 2E), the
 * round is in the game history; a visitor's `#real` asks for registration and closing it goes to
 * the index; a visitor plays for fun through the DemoModePopup; full screen (the Fullscreen API,
 * our fixed frame without it, the games config's visibility); 375 px; Spanish; axe. Its own
 * platform: real rounds move the demo player's balance and the games config is changed.
 */
let platform: RunningPlatform;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  platform = await startPlatform();
});
test.afterAll(async () => {
  await platform?.stop();
});

/** A slot without the demo player's free spins, so a real spin stakes money. */
const SLOT = { sysname: 'northstar-cocoa-pop-reloaded', name: 'Cocoa Pop Reloaded' };

const euros = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));
const signedNet = (text: string | null) =>
  (text ?? '').startsWith('\u2212') ? -euros(text) : euros(text);

async function signIn(request: APIRequestContext) {
  const login = await request.post(`${platform.url}/api/auth/login?v=2.34&locale=en-US`, {
    headers: { 'X-App-Client': 'web/2.34' },
    multipart: { login: DEMO_PLAYER.login, password: DEMO_PLAYER.password },
  });
  expect(login.status()).toBe(200);
}

function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (isPlaywrightNotice(message.text())) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test('a player spins a slot for real money: header balance, session time and net position follow, and the round is in the history', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const problems = consoleProblems(page);
  await signIn(page.request);
  await page.goto(`${platform.url}/game/${SLOT.sysname}`);

  await expect(page.getByRole('heading', { level: 1, name: SLOT.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Real money' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const frameElement = page.locator(`iframe[title="${SLOT.name}"]`);
  await expect(frameElement).toHaveAttribute(
    'src',
    `/platform/game/${SLOT.sysname}/play?mode=real&lang=en-US`,
  );
  const header = page.getByRole('banner');
  const balance = header.getByTestId('header-balance');
  const time = header.getByTestId('session-time');
  const net = header.getByTestId('session-net');
  await expect(balance).toContainText('525.00');
  await expect(net).toHaveText('€ 0.00');
  // The clock runs.
  const firstTime = await time.textContent();
  expect(firstTime).toMatch(/^00:0\d$/);
  await expect(time).not.toHaveText(firstTime!, { timeout: 3_000 });

  const game = page.frameLocator(`iframe[title="${SLOT.name}"]`);
  await expect(game.getByText('Real money')).toBeVisible();
  await game.getByRole('button', { name: 'Spin' }).click();
  await expect(game.locator('.result')).toHaveText(/Win: €|No win this time|free spins/, {
    timeout: 30_000,
  });

  // The wallet's record of the round: the game history.
  const history = await page.request.get(
    `${platform.url}/api/games/getHistory?v=2.34&locale=en-US&count=1`,
  );
  const [round] = (
    (await history.json()) as {
      data: { items: { game: { sysname: string }; stake: string; win: string; status: string }[] };
    }
  ).data.items;
  expect(round).toMatchObject({ game: { sysname: SLOT.sysname }, stake: '1.00' });
  const moved = Number(round!.win) - Number(round!.stake);
  // The header follows without a reload: the summary's poll, then the balance asked again.
  await expect
    .poll(async () => signedNet(await net.textContent()), { timeout: 15_000 })
    .toBeCloseTo(moved, 2);
  await expect
    .poll(async () => euros(await balance.textContent()), { timeout: 15_000 })
    .toBeCloseTo(525 + moved, 2);
  await expect(net).toHaveAttribute(
    'data-direction',
    moved > 0 ? 'up' : moved < 0 ? 'down' : 'even',
  );
  expect(problems).toEqual([]);
});

test('a visitor opening a game with #real gets the registration popup; closing it lands on the index', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${platform.url}/game/${SLOT.sysname}#real`);
  const registration = page.getByRole('dialog', { name: 'Create your account' });
  await expect(registration.getByLabel('E-mail')).toBeVisible();
  // Not the demo-mode question: #real asks for an account.
  await expect(page.locator('[data-dialog-id="demo-mode"]')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(registration).toHaveCount(0);
  await expect(page).toHaveURL(`${platform.url}/`);
  await expect(page.locator('[data-remote="shell"]')).toBeVisible();
});

test('a visitor plays for fun through the DemoModePopup, by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${platform.url}/game/${SLOT.sysname}`);
  const popup = page.getByRole('dialog', { name: 'How would you like to play?' });
  await expect(popup).toContainText(`Try ${SLOT.name} with play money first`);
  // No real-money frame for a visitor, ever: the page waits for the choice.
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(await seriousViolations(page, undefined, { exclude: 'iframe' })).toEqual([]);

  await expect(popup.getByRole('button', { name: 'Play for fun' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(popup).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'For fun' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const frameElement = page.locator(`iframe[title="${SLOT.name}"]`);
  await expect(frameElement).toHaveAttribute(
    'src',
    `/platform/game/${SLOT.sysname}/play?mode=fun&lang=en-US`,
  );
  const game = page.frameLocator(`iframe[title="${SLOT.name}"]`);
  await expect(game.getByText('Fun play')).toBeVisible();
  await expect(game.locator('#balance')).toHaveText('€1,000.00');
  await game.getByRole('button', { name: 'Spin' }).click();
  await expect(game.locator('.result')).toHaveText(/Win: €|No win this time|free spins/, {
    timeout: 30_000,
  });
  // A visitor has no session figures: they are for real money.
  await expect(page.getByTestId('session-net')).toHaveCount(0);

  // Real money asks a visitor to sign up; closing it keeps them on the game.
  await page.getByRole('button', { name: 'Real money' }).click();
  const registration = page.getByRole('dialog', { name: 'Create your account' });
  await expect(registration).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(`${platform.url}/game/${SLOT.sysname}`);
  await expect(frameElement).toHaveAttribute('src', /mode=fun&lang=en-US$/);
});

test('a visitor who closes the question chooses on the page; the sign-up button opens registration', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${platform.url}/game/${SLOT.sysname}`);
  await page.getByRole('dialog', { name: 'How would you like to play?' }).waitFor();
  await page.keyboard.press('Escape');
  const card = page.getByRole('region', { name: `Play ${SLOT.name}` });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();
});

test('full screen: the Fullscreen API, Esc leaves it; without the API a fixed frame with its close button', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page.request);
  await page.goto(`${platform.url}/game/${SLOT.sysname}`);
  const toggle = page.getByRole('button', { name: 'Full screen', exact: true });
  // The header's session figures come with hydration: the button has its handler by then.
  await expect(page.getByTestId('session-time')).toBeVisible();
  await toggle.click();
  await expect
    .poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid')))
    .toBe('game-box');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Exit full screen' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await context.close();

  // iOS Safari on a phone: no Fullscreen API. Our own frame covers the viewport instead.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await phone.addInitScript(() => {
    Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false });
  });
  const mobile = await phone.newPage();
  await signIn(mobile.request);
  await mobile.goto(`${platform.url}/game/${SLOT.sysname}`);
  await expect(mobile.getByTestId('session-time')).toBeVisible();
  await mobile.getByRole('button', { name: 'Full screen', exact: true }).click();
  const box = mobile.getByTestId('game-box');
  await expect(box).toHaveAttribute('data-full-screen', 'fixed');
  expect(await box.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 812 });
  const exit = mobile.getByRole('button', { name: 'Exit full screen' });
  await expect(exit).toBeFocused();
  await mobile.keyboard.press('Escape');
  await expect(box).not.toHaveAttribute('data-full-screen', 'fixed');
  await mobile.getByRole('button', { name: 'Full screen', exact: true }).click();
  await expect(box).toHaveAttribute('data-full-screen', 'fixed');
  await exit.click();
  await expect(box).not.toHaveAttribute('data-full-screen', 'fixed');
  await phone.close();
});

test('the games config hides the full-screen button (none) or keeps it to the installed web app (product)', async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: platform.url,
    viewport: { width: 1440, height: 900 },
  });
  const staff = await staffAuth(context.request);
  const setVisibility = (fullScreenVisibility: string) =>
    context.request.put('/cms/site-config?locale=en-US', {
      headers: staff,
      data: { data: { games: { fullScreenVisibility } } },
    });
  try {
    const page = await context.newPage();
    await signIn(page.request);
    expect((await setVisibility('none')).status()).toBe(200);
    await page.goto(`/game/${SLOT.sysname}`);
    // Hydrated (the header's figures): the browser's own reading of the rule has run.
    await expect(page.getByTestId('session-time')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Full screen', exact: true })).toHaveCount(0);

    expect((await setVisibility('product')).status()).toBe(200);
    await page.goto(`/game/${SLOT.sysname}`);
    // Hydrated (the header's figures): the browser's own reading of the rule has run.
    await expect(page.getByTestId('session-time')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Full screen', exact: true })).toHaveCount(0);
    // The installed web app (here as iOS's home-screen flag; display-mode standalone elsewhere).
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true });
    });
    await page.goto(`/game/${SLOT.sysname}`);
    await expect(page.getByRole('button', { name: 'Full screen', exact: true })).toBeVisible();
  } finally {
    expect((await setVisibility('all')).status()).toBe(200);
    await context.close();
  }
});

test('375 px: the game fills the phone without sideways scroll, the figures in the header; axe', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const problems = consoleProblems(page);
  await signIn(page.request);
  await page.goto(`${platform.url}/game/${SLOT.sysname}`);
  const box = page.getByTestId('game-box');
  await expect(page.locator('iframe')).toBeVisible();
  await expect(page.getByRole('banner').getByTestId('session-time')).toBeVisible();
  await expect(page.getByRole('banner').getByTestId('header-balance')).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const frameBox = (await box.boundingBox())!;
  expect(frameBox.width).toBeGreaterThanOrEqual(355);
  // Down to the bottom of the screen, less the page's margin.
  expect(frameBox.y + frameBox.height).toBeGreaterThan(795);
  expect(frameBox.y + frameBox.height).toBeLessThanOrEqual(812);
  expect(await seriousViolations(page, undefined, { exclude: 'iframe' })).toEqual([]);
  expect(problems).toEqual([]);
});

test('in Spanish, and an unknown game is the not-found page (server and client navigation)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page.request);
  await page.goto(`${platform.url}/es-ES/game/${SLOT.sysname}`);
  await expect(page.getByRole('button', { name: 'Dinero real' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('link', { name: 'Todos los juegos' })).toHaveAttribute(
    'href',
    '/es-ES/gamehall',
  );
  await expect(page.getByRole('group', { name: 'Esta sesión de juego' })).toBeVisible();
  // The game in the frame speaks the page's language too.
  await expect(page.locator(`iframe[title="${SLOT.name}"]`)).toHaveAttribute('src', /lang=es-ES$/);
  await expect(
    page.frameLocator(`iframe[title="${SLOT.name}"]`).getByRole('button', { name: 'Girar' }),
  ).toBeVisible();
  expect(await seriousViolations(page, undefined, { exclude: 'iframe' })).toEqual([]);

  const missing = await page.goto(`${platform.url}/game/no-such-game`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto(`${platform.url}/gamehall`);
  await toBeStarted(page);
  await page.evaluate(() => {
    history.pushState(null, '', '/game/no-such-game-either');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
