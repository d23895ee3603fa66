import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { editEntry, signInAsDemo, staffAuth } from '../support/accounts.ts';
import { WORKSPACE_ROOT } from '../support/platform.ts';
import { isPlaywrightNotice } from '../support/console.ts';
import { toBeHydrated } from '../support/hydration.ts';

/**
 * What the shell takes from the content backend and the API as it opens (§3, §7): the menus,
 * the footer, the bottom and account menus, the locale list, slug pages, the SEO head, and the
 * start-up calls. Each edit is made by staff through `/cms` and undone at the end, in a locale
 * other specs leave alone where it can be.
 */

/** The `/api` and `/nfx` calls a page makes until the network is quiet. */
function recordCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/nfx/')) {
      calls.push(url.pathname + (url.searchParams.get('options') ?? ''));
    }
  });
  return calls;
}

test('a visitor’s first page makes the §7 start-up calls, a player’s adds the player ones', async ({
  page,
}) => {
  const calls = recordCalls(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  // What the first screen shows came with the server-rendered page: the browser does not ask
  // for it again (the page's state holds the answers).
  const state = (await page.locator('#ns-state').textContent()) ?? '';
  expect(state).toContain('commonContent');
  expect(state).toContain('defaultLocale');
  // The start-up calls are the hydrated shell's effects: on a busy machine hydration may come
  // after a quiet half second (`networkidle`), so each is waited for, not assumed made by then.
  for (const call of [
    '/api/metadata/getgeneralinfo',
    '/api/loyalty/getcharacters',
    '/api/account/getContactPhoneSettings',
    '/api/games/get{"sysname":"dgt_sportsbook"}',
  ]) {
    await expect.poll(() => calls, { message: call }).toContain(call);
  }
  // Made: the shell's start-up effects have run, so what it must not ask is checked now.
  for (const call of ['/nfx/cms-config/en-US', '/nfx/i18n/locales']) {
    expect(calls, call).not.toContain(call);
  }
  // The providers: the home page's lobby rows asked for them on the server, so their answer came
  // with the page and the start-up call is answered from it.
  expect(state).toContain('["api","games","getproviders",{}]');
  expect(calls).not.toContain('/api/games/getProviders');
  expect(calls).not.toContain('/api/games/getLikes');
  // A visitor's browser holds no session: the shell does not even ask who is there.
  expect(calls).not.toContain('/api/account/getInfo');

  await signInAsDemo(page);
  calls.length = 0;
  await page.reload({ waitUntil: 'networkidle' });
  for (const call of [
    '/api/account/getInfo',
    '/api/freespins/get',
    '/api/account/getprofileinfo',
    '/api/loyalty/getinfo',
    '/api/account/changelocale',
  ]) {
    await expect.poll(() => calls, { message: call }).toContain(call);
  }
  // The favourites: the lobby's favourites row asked for them on the server, for this player.
  const playerState = (await page.locator('#ns-state').textContent()) ?? '';
  expect(playerState).toContain('["api","games","getlikes",{}]');
});

test('the footer, its social links and the phone’s bottom menu come from /cms', async ({
  page,
  request,
}) => {
  const auth = await staffAuth(request);
  const created: { type: string; id: number }[] = [];
  const create = async (type: string, locale: string, data: object) => {
    const response = await request.post(`/cms/${type}?locale=${locale}`, {
      headers: auth,
      data: { data },
    });
    expect(response.status()).toBe(201);
    created.push({ type, id: ((await response.json()) as { data: { id: number } }).data.id });
  };
  try {
    await create('footer-links', 'pt-BR', { label: 'Blog do cassino', url: '/about', order: 0 });
    await create('social-items-list', 'pt-BR', {
      label: 'YouTube',
      url: 'https://youtube.com/northstar',
      order: 0,
    });
    await create('mobile-bottom-menu', 'pt-BR', {
      label: 'Ao vivo',
      url: '/betting',
      order: 0,
      icon: { url: '/icons/sports.svg' },
    });

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/pt-BR');
    const help = page.getByRole('contentinfo').getByRole('navigation', { name: 'Ajuda' });
    await expect(help.getByRole('link').first()).toHaveText('Blog do cassino');
    await expect(help.getByRole('link', { name: 'Blog do cassino' })).toHaveAttribute(
      'href',
      '/pt-BR/about',
    );
    const social = page.getByRole('contentinfo').getByRole('link', { name: 'YouTube' });
    await expect(social).toHaveAttribute('href', 'https://youtube.com/northstar');
    await expect(social).toHaveAttribute('rel', /noopener/);

    const bottom = page.getByTestId('mobile-bottom-menu');
    // The bar has five cells: the operator's first five entries.
    await expect(bottom.getByRole('link')).toHaveCount(5);
    await expect(bottom.getByRole('link').first()).toHaveText('Ao vivo');
    await bottom.getByRole('link', { name: 'Ao vivo' }).click();
    await expect(page).toHaveURL(/\/pt-BR\/betting$/);
    await expect(page.locator('[data-remote="betting"]')).toBeVisible();

    // The footer's link opens the content backend's slug page in the page's locale.
    await help.getByRole('link', { name: 'Blog do cassino' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sobre a Northstar');
  } finally {
    for (const entry of created) {
      await request.delete(`/cms/${entry.type}/${entry.id}`, { headers: auth });
    }
  }
});

test('a signed-in player’s account menu comes from /cms and signs out', async ({
  page,
  request,
}) => {
  const restore = await editEntry(
    request,
    'user-menu-links',
    'filters[url][$eq]=/profile/bonuses&locale=ru-RU',
    { label: 'Мои подарки' },
  );
  try {
    await signInAsDemo(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/ru-RU');
    const header = page.getByRole('banner');
    // Clicked once React owns it (the page is the server's HTML first; a triple run caught it).
    const menuButton = header.getByRole('button', { name: 'Меню аккаунта' });
    await toBeHydrated(menuButton);
    await menuButton.click();
    const menu = page.getByRole('navigation', { name: 'Меню аккаунта' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Мои подарки' })).toHaveAttribute(
      'href',
      '/ru-RU/profile/bonuses',
    );
    // Escape closes it and gives the focus back to its button.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(header.getByRole('button', { name: 'Меню аккаунта' })).toBeFocused();

    await page.keyboard.press('Enter');
    await header.getByRole('button', { name: 'Выйти' }).click();
    // It asks first (a confirm of the dialog queue).
    await page
      .getByRole('alertdialog', { name: 'Выйти из аккаунта?' })
      .getByRole('button', { name: 'Выйти' })
      .click();
    await expect(header.getByRole('button', { name: 'Войти' })).toBeVisible();
    const info = await page.request.get('/api/account/getInfo?v=2.34&locale=ru-RU');
    expect(info.status()).toBe(401);
  } finally {
    await restore();
  }
});

test('the language list is the content backend’s, limited to the languages with texts', async ({
  page,
  request,
}) => {
  const auth = await staffAuth(request);
  const added = await request.post('/cms/i18n/locales', {
    headers: auth,
    data: { code: 'de-DE', name: 'Deutsch' },
  });
  expect(added.status()).toBe(201);
  await request.put('/cms/i18n/locales/pt-BR', {
    headers: auth,
    data: { name: 'Português (Brasil)' },
  });
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const select = page.getByRole('contentinfo').getByLabel('Language');
    await expect(select.locator('option[value="pt-BR"]')).toHaveText('PT · Português (Brasil)');
    // German has no texts in this front end yet: not offered.
    await expect(select.locator('option')).toHaveText([
      'EN · English',
      'ES · Español',
      'PT · Português (Brasil)',
      'RU · Русский',
    ]);
  } finally {
    await request.delete('/cms/i18n/locales/de-DE', { headers: auth });
    await request.put('/cms/i18n/locales/pt-BR', { headers: auth, data: { name: 'Português' } });
  }
});

test('a staff SEO edit shows in the page head, on load and on client navigation', async ({
  page,
  request,
}) => {
  const restore = await editEntry(request, 'seos', 'filters[url][$eq]=/tournaments&locale=es-ES', {
    title: 'Torneos semanales | Northstar',
    description: 'Premios cada semana',
  });
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/es-ES/tournaments');
    await expect(page).toHaveTitle('Torneos semanales | Northstar');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'Premios cada semana',
    );

    // Client-side: away and back through the menu; the shell reads the record itself.
    await page.goto('/es-ES');
    await expect(page).not.toHaveTitle('Torneos semanales | Northstar');
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Torneos' })
      .click();
    await expect(page).toHaveURL(/\/es-ES\/tournaments$/);
    await expect(page).toHaveTitle('Torneos semanales | Northstar');
  } finally {
    await restore();
  }
});

test('a slug page shows the content backend’s page, and an unknown slug the 404 page', async ({
  page,
  request,
}) => {
  const restore = await editEntry(request, 'pages', 'filters[slug][$eq]=privacy&locale=en-US', {
    content: 'We never sell your data.\n\n## <b>Cookies</b>\nOnly the needed ones.',
  });
  try {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
    await expect(page.getByText('We never sell your data.')).toBeVisible();
    // Text, never markup.
    await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toHaveText(
      '<b>Cookies</b>',
    );
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  } finally {
    await restore();
  }
});

test('an unsubscribe link from a mail works without signing in', async ({ page, browser }) => {
  // The player subscribes; the platform mails a confirmation carrying the signed link.
  await signInAsDemo(page);
  const post = (method: string, form: Record<string, string>) =>
    page.request.post(`/api/account/${method}?v=2.34&locale=en-US`, {
      headers: { 'X-App-Client': 'web/2.34' },
      multipart: form,
    });
  expect(
    (await post('changeSubscription', { contact: 'demo@northstar.test', subscription: '0' })).ok(),
  ).toBe(true);
  expect(
    (await post('changeSubscription', { contact: 'demo@northstar.test', subscription: '1' })).ok(),
  ).toBe(true);
  // Newest first.
  const outbox = (await (await page.request.get('/dev/mail.json')).json()) as {
    recipient: string;
    body: string;
  }[];
  const mail = outbox.find((m) => m.recipient === 'demo@northstar.test')!;
  const link = /\/unsubscribe\?token=[\w.-]+/.exec(mail.body)?.[0];
  expect(link).toBeTruthy();

  // A fresh browser with no session opens it.
  const visitor = await browser.newPage();
  try {
    await visitor.goto(link!);
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(visitor.locator('[data-remote="shell"]').getByRole('status')).toHaveText(
      /You are unsubscribed/,
    );
    const info = (await (
      await page.request.get('/api/account/getInfo?v=2.34&locale=en-US')
    ).json()) as { data: { is_subscribed: boolean } };
    expect(info.data.is_subscribed).toBe(false);

    await visitor.goto('/unsubscribe?token=forged.token');
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(visitor.locator('[data-remote="shell"]').getByRole('status')).toHaveText(
      /not valid/,
    );
  } finally {
    await visitor.close();
  }
});

test('the profile’s section menu is the content backend’s profileLinks', async ({
  page,
  request,
}) => {
  const restore = await editEntry(
    request,
    'profile-links',
    'filters[url][$eq]=/profile/security&locale=es-ES',
    { label: 'Contraseña y 2FA' },
  );
  try {
    // The profile is a player's page: a visitor is sent to the index (§2 guard).
    await signInAsDemo(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/es-ES/profile/settings');
    const sections = page.getByRole('navigation', { name: 'Secciones del perfil' });
    // /profile is the overview (issue #25); the settings have their own entry.
    await expect(sections.getByRole('link', { name: 'Ajustes' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(sections.getByRole('link', { name: 'Perfil' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
    // Issue #27: the loyalty points history has its entry.
    await expect(sections.getByRole('link', { name: 'Fidelidad' })).toHaveAttribute(
      'href',
      '/es-ES/profile/loyalty',
    );
    await sections.getByRole('link', { name: 'Contraseña y 2FA' }).click();
    await expect(page).toHaveURL(/\/es-ES\/profile\/security$/);
    await expect(sections.getByRole('link', { name: 'Contraseña y 2FA' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  } finally {
    await restore();
  }
});

test('every media file the seeded content names is served as an image', async ({ request }) => {
  const urls = new Set<string>();
  const collect = (value: unknown): void => {
    if (typeof value === 'string' && /^\/[\w/.-]+\.(svg|png|webp|jpe?g|ico)$/.test(value)) {
      urls.add(value);
    } else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  for (const path of [
    '/nfx/cms-config/en-US',
    '/cms/banners?populate=*&locale=en-US',
    '/cms/web-settings?populate=*',
    '/cms/seos?populate[openGraph][populate]=*&locale=en-US&pagination[pageSize]=100',
  ]) {
    const response = await request.get(path);
    expect(response.ok(), path).toBe(true);
    collect(await response.json());
  }
  expect(urls.size).toBeGreaterThan(10);
  for (const url of urls) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()['content-type'], url).toMatch(/^image\//);
  }
});

test('a logo staff upload and set in the site config replaces the built-in one', async ({
  page,
  request,
}) => {
  const auth = await staffAuth(request);
  const svg = readFileSync(path.join(WORKSPACE_ROOT, 'apps/shell/public/logo-dark.svg'));
  const uploaded = await request.post('/cms/upload', {
    headers: auth,
    multipart: { files: { name: 'operator-logo.svg', mimeType: 'image/svg+xml', buffer: svg } },
  });
  expect(uploaded.status()).toBe(201);
  const [file] = (await uploaded.json()) as { url: string }[];
  const put = (logo: object) =>
    request.put('/cms/site-config?locale=ru-RU', { headers: auth, data: { data: { logo } } });
  expect((await put({ desktop: file!.url, mobile: file!.url, dark: file!.url })).ok()).toBe(true);
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/ru-RU');
    const home = page
      .getByRole('banner')
      .getByRole('link', { name: 'Northstar Casino, главная страница' });
    await expect(home.locator('img')).toHaveAttribute('src', file!.url);
    await expect
      .poll(() => home.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    // Other locales keep their own site config.
    await page.goto('/es-ES');
    await expect(page.getByRole('banner').locator('a[href="/es-ES"] img')).toHaveCount(0);
  } finally {
    await put({ desktop: '/logo.svg', mobile: '/logo-mobile.svg', dark: '/logo-dark.svg' });
  }
});

test('a visitor’s first page logs no error, even with a stale signed-in hint', async ({
  page,
  context,
  baseURL,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (isPlaywrightNotice(message.text())) return;
    if (message.type() === 'error') errors.push(message.text());
  });
  const calls = recordCalls(page);
  // A hint left from an ended session: the page load drops it, and nobody asks /api who is there.
  await context.addCookies([{ name: 'ns_signed_in', value: '1', url: baseURL! }]);
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(calls).not.toContain('/api/account/getInfo');
  expect((await context.cookies()).some((c) => c.name === 'ns_signed_in')).toBe(false);
  expect(errors).toEqual([]);
});
