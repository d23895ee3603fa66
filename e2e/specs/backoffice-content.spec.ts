import { expect, test, type Browser } from '@playwright/test';
import { staffBrowser as signedInStaff, type StaffRole } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { startPlatform, type RunningPlatform } from '../support/platform.ts';

/**
 * The site's content from the back office (issue #30), in Chromium: a content editor makes a
 * banner as a draft, previews it, publishes it, and a visitor then finds it on the home page; an
 * admin finds the change in the audit log; the content screens by keyboard and with axe at the
 * desktop and phone widths. Its own platform: its banners stay off the shared one's home page.
 */

let platform: RunningPlatform;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  platform = await startPlatform();
});
test.afterAll(async () => {
  await platform?.stop();
});

/** A browser signed in to the back office on this spec's platform. */
const staffBrowser = (browser: Browser, role: StaffRole, width = 1440) =>
  signedInStaff(browser, platform.url, role, width);

test('a content editor publishes a banner that then shows on the home page, and the audit log lists it', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const title = `Autumn spins ${Date.now()}`;
  const { context, page } = await staffBrowser(browser, 'content');
  await page.goto('/backoffice/content');
  await expect(page.getByRole('heading', { name: 'Content', level: 1 })).toBeVisible();
  await page
    .getByRole('region', { name: 'Content types' })
    .getByRole('link', { name: 'Banners', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Banners', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'New entry' }).click();

  // The banner's fields, as the content backend declares them.
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Banner type (main or auth)').fill('main');
  await page.getByLabel('Link', { exact: true }).fill('/promotions');
  const phone = page.getByRole('group', { name: 'Phone image (360×240)' });
  await phone.getByLabel('Image address').fill('/banners/welcome-360x240.svg');
  await page.getByRole('button', { name: 'Save draft' }).click();

  // A draft: previewed in the back office, not on the site.
  await expect(page.getByText('Draft: not on the site until it is published.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Banners: ${title}`, level: 1 })).toBeVisible();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(
    preview.getByRole('img', { name: `Phone image (360×240) of ${title}` }),
  ).toBeVisible();
  const visitor = await browser.newContext({
    baseURL: platform.url,
    viewport: { width: 1440, height: 900 },
  });
  const home = await visitor.newPage();
  await home.goto('/');
  const offers = home.getByRole('region', { name: 'Offers' });
  // The seeded welcome banner shows: the row is there, without the draft.
  await expect(offers.getByRole('link', { name: 'Welcome bonus 100% up to €500' })).toBeVisible();
  await expect(offers.getByRole('link', { name: title })).toHaveCount(0);

  // Published: the visitor's next visit shows it, leading where the editor said.
  await page.getByRole('button', { name: `Publish ${title}` }).click();
  await expect(page.getByText(/^Published since .*: on the site\./)).toBeVisible();
  await home.goto('/');
  const banner = home.getByRole('region', { name: 'Offers' }).getByRole('link', { name: title });
  await expect(banner).toBeVisible();
  await expect(banner).toHaveAttribute('href', '/promotions');
  await visitor.close();
  await context.close();

  // The audit log (an admin's screen): the creation and the publication, by the editor.
  const admin = await staffBrowser(browser, 'admin');
  await admin.page.goto('/backoffice/audit');
  for (const action of ['cms/create', 'cms/publish']) {
    await admin.page.getByLabel('Action (module/method)').fill(action);
    await admin.page.getByRole('button', { name: 'Filter' }).click();
    const row = admin.page
      .getByRole('region', { name: 'Entries' })
      .getByRole('row')
      .filter({ hasText: title });
    await expect(row, action).toHaveCount(1);
    await expect(row).toContainText(action);
    await expect(row).toContainText('content@northstar.test');
    await expect(row).toContainText('banners');
  }
  await admin.context.close();
});

for (const width of [1440, 375]) {
  test(`at ${width} px the content screens work by keyboard and have no serious axe violation`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const { context, page } = await staffBrowser(browser, 'content', width);
    await page.goto('/backoffice/content');
    const types = page.getByRole('region', { name: 'Content types' });
    await expect(types.getByRole('link', { name: 'Pages', exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // By keyboard: the types' links in order, Enter opens one.
    await types.getByRole('link', { name: 'Pages', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(types.getByRole('link', { name: 'Banners', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(types.getByRole('link', { name: 'Popups', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Popups', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Entries' }).getByRole('row')).not.toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // A new popup typed in and saved as a draft with Enter (the form's first button).
    await page.getByRole('link', { name: 'New entry' }).focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('heading', { name: 'New entry of Popups', level: 1 }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const sysname = `kbd-${width}-${Date.now()}`;
    const title = `Keyboard popup ${width} ${Date.now()}`;
    await page.getByLabel('System name').focus();
    await page.keyboard.type(sysname);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Title', { exact: true })).toBeFocused();
    await page.keyboard.type(title);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Draft: not on the site until it is published.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Preview' })).toContainText(sysname);
    expect(await seriousViolations(page)).toEqual([]);

    // Deleted by keyboard after the confirmation (its safe answer has the focus first).
    await page.getByRole('button', { name: `Delete ${title}…` }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: `Delete ${title}?` });
    await expect(confirm.getByRole('button', { name: 'Keep it' })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Tab');
    await expect(confirm.getByRole('button', { name: 'Delete', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Popups', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: title })).toHaveCount(0);

    // A single type: the site config's one entry, edited in place.
    await page.goto('/backoffice/content/site-config');
    await expect(page.getByRole('heading', { name: 'Site config', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Other attributes (JSON)')).not.toHaveValue('');
    expect(await seriousViolations(page)).toEqual([]);

    // At the phone's width nothing runs off the side of the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
}
