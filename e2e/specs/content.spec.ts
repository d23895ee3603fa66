import { expect, test } from '@playwright/test';
import { staffAuth } from '../support/accounts.ts';

/**
 * The operator's side: a content editor (the back-office session) changes a menu link through
 * the content backend (`/cms`) and the site's header shows it; visitors cannot write.
 */
test('a staff edit of a menu link in /cms shows in the header', async ({ page, request }) => {
  const auth = await staffAuth(request);

  const found = await request.get('/cms/menu-links?filters[url][$eq]=/loyalty&locale=en-US');
  const { data } = (await found.json()) as { data: { id: number; label: string }[] };
  expect(data).toHaveLength(1);
  const entry = data[0]!;

  const visitor = await request.put(`/cms/menu-links/${entry.id}`, {
    data: { data: { label: 'Hacked' } },
  });
  expect(visitor.status()).toBe(401);

  const original = entry.label;
  const updated = await request.put(`/cms/menu-links/${entry.id}`, {
    headers: auth,
    data: { data: { label: 'VIP Lounge' } },
  });
  expect(updated.ok()).toBe(true);
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'VIP Lounge' })).toHaveAttribute(
      'href',
      '/loyalty',
    );
    await menu.getByRole('link', { name: 'VIP Lounge' }).click();
    await expect(page.locator('[data-remote="loyalty"]')).toBeVisible();
  } finally {
    await request.put(`/cms/menu-links/${entry.id}`, {
      headers: auth,
      data: { data: { label: original } },
    });
  }
});

test('a staff translation override in /cms changes the text on the site', async ({
  page,
  request,
}) => {
  const auth = await staffAuth(request);
  const created = await request.post('/cms/translations?locale=en-US', {
    headers: auth,
    data: { data: { key: 'home.eyebrow', value: 'Exclusive welcome' } },
  });
  expect(created.status()).toBe(201);
  const { data } = (await created.json()) as { data: { id: number } };
  try {
    await page.goto('/');
    await expect(page.locator('[data-remote="shell"]')).toContainText('Exclusive welcome');
    // Another locale keeps its own text.
    await page.goto('/es-ES');
    await expect(page.locator('[data-remote="shell"]')).not.toContainText('Exclusive welcome');
  } finally {
    await request.delete(`/cms/translations/${data.id}`, { headers: auth });
  }
});
