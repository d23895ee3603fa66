import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { registerPlayer } from '../support/accounts.ts';
import { toBeHydrated } from '../support/hydration.ts';
import { seriousViolations } from '../support/axe.ts';

/**
 * Issue #25 `/profile/verification` in Chromium at 1440 px and 375 px: a new player opens the
 * page (every document missing), opens the SumsubPopup by keyboard, passes the sandbox provider's
 * page in its frame (a passport and a selfie, PNG files made here), and sees the checklist turn
 * green once the provider's signed webhook has approved them (the sandbox reviews after 3 s).
 * axe finds nothing serious on the page. Screenshots go to e2e/artifacts/screenshots.
 */
const OUT = path.join(import.meta.dirname, '../artifacts/screenshots');
const unique = (name: string) =>
  `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;

/** A real PNG (signature, IHDR, IDAT, IEND with their CRCs) of `size`×`size` grey pixels. */
function png(size = 16): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(body));
    return Buffer.concat([head, body, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc(size * (size + 1), 0x80);
  for (let row = 0; row < size; row += 1) rows[row * (size + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const width of [1440, 375]) {
  test(`at ${width} px a new player passes the sandbox verification in the frame and sees the checklist turn green`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await registerPlayer(page.request, unique(`kyc-${width}`));

    await page.goto('/profile/verification', { waitUntil: 'networkidle' });
    await expect(
      page.getByRole('heading', { level: 1, name: 'Identity verification' }),
    ).toBeVisible();
    await expect(page.getByText(/soon/i)).toHaveCount(0);
    const checklist = page.getByTestId('verification-checklist');
    await expect(checklist.locator('[data-status="missing"]')).toHaveCount(2);
    await expect(checklist.getByText('Not sent yet')).toHaveCount(2);
    await page.screenshot({
      path: path.join(OUT, `profile-verification-${width}.png`),
      fullPage: true,
    });
    expect(await seriousViolations(page, '[data-remote="profile"]')).toEqual([]);

    // The popup opens by keyboard.
    const start = page.getByRole('button', { name: 'Start verification' });
    await toBeHydrated(start);
    await start.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Verify your identity' });
    await expect(dialog).toBeVisible();
    const frame = page.frameLocator('iframe[title="Identity verification provider"]');

    // The provider's page: the document type by keyboard, the front side, then a selfie.
    const passport = frame.getByLabel('Passport');
    await passport.focus();
    await page.keyboard.press('Space');
    await expect(passport).toBeChecked();
    await frame
      .getByLabel('Front side')
      .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: png() });
    await frame.getByRole('button', { name: 'Continue' }).focus();
    await page.keyboard.press('Enter');
    await frame
      .getByLabel('Selfie', { exact: true })
      .setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: png(24) });
    await frame.getByRole('button', { name: 'Continue' }).focus();
    await page.keyboard.press('Enter');
    await frame.getByRole('button', { name: 'Submit for review' }).focus();
    await page.keyboard.press('Enter');
    await expect(frame.getByText(/Your documents were submitted/)).toBeVisible();
    await page.screenshot({
      path: path.join(OUT, `profile-verification-popup-${width}.png`),
      fullPage: true,
    });

    // The page learnt of the submission from the frame: under review, then approved by the
    // provider's webhook, without a reload.
    // By keyboard (the shell's contact-confirmation toast may lie over the button's corner).
    await dialog.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(checklist.locator('[data-status="approved"]')).toHaveCount(2, {
      timeout: 30_000,
    });
    await expect(checklist.getByText('Approved')).toHaveCount(2);
    await expect(page.getByTestId('verification-status')).toHaveText('Verified');
    await expect(page.getByRole('button', { name: /verification/i })).toHaveCount(0);
    await page.screenshot({
      path: path.join(OUT, `profile-verification-done-${width}.png`),
      fullPage: true,
    });
    expect(await seriousViolations(page, '[data-remote="profile"]')).toEqual([]);
  });
}
