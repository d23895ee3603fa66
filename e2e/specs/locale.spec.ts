import { toBeHydrated } from '../support/hydration.ts';
import { expect, test } from '@playwright/test';

test('/es-ES/… shows the Spanish header and page', async ({ page }) => {
  await page.goto('/es-ES/gamehall');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Registrarse' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
  // The casino remote's own catalog is Spanish too: the translation of casino.gamehall.title
  // (apps/casino/src/locales/es-ES.po), not the English text nor the bare message id.
  await expect(page.locator('[data-remote="casino"] h1')).toHaveText('Sala de juegos');
});

test('the default locale prefix answers 301 to the bare path', async ({ request }) => {
  const response = await request.get('/en-US/gamehall?tab=new', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe('/gamehall?tab=new');
  const home = await request.get('/en-US', { maxRedirects: 0 });
  expect(home.status()).toBe(301);
  expect(home.headers().location).toBe('/');
});

test('the default-locale 301 never sends the browser to another host', async ({ request }) => {
  for (const [path, location] of [
    ['/en-US//evil.example', '/evil.example'],
    ['/en-US/%2F%2Fevil.example', '/evil.example'],
    ['/en-US/%5Cevil.example', '/evil.example'],
    ['/en-US///x?y=1', '/x?y=1'],
  ] as const) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(301);
    expect(response.headers().location, path).toBe(location);
  }
});

test('/api/* never falls back to the HTML page', async ({ request }) => {
  for (const method of ['get', 'post'] as const) {
    const response = await request[method]('/api/account/noSuchMethod');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    expect((await response.json()).error.type).toBe('MethodNotFoundException');
  }
  const visitor = await request.get('/api/account/getInfo?v=2.34&locale=en-US');
  expect(visitor.status()).toBe(401);
  expect((await visitor.json()).error.type).toBe('AuthorizationException');
});

test('the locale switcher keeps the page and changes the language and prefix', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // Server-rendered: the switcher works once the page has hydrated.
  await page.goto('/promotions?ref=x', { waitUntil: 'networkidle' });
  // Network idle is not hydration: a change before React holds the select goes nowhere.
  const switcher = page.getByRole('banner').getByLabel('Language');
  await toBeHydrated(switcher);
  await switcher.selectOption('pt-BR');
  await expect(page).toHaveURL(/\/pt-BR\/promotions\?ref=x$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(page.locator('[data-remote="promo"]')).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'i18n_locale')?.value).toBe('pt-BR');
});
