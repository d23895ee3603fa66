import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * Screenshots of the home page for a person to look at (e2e/artifacts/screenshots/, gitignored),
 * with the §9 checks a screenshot alone would not prove: the banner sizes and no sideways scroll.
 */
const OUT = path.join(import.meta.dirname, '../artifacts/screenshots');

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'phone', width: 375, height: 812 },
];

for (const viewport of VIEWPORTS) {
  test(`home page at ${viewport.width} px`, async ({ page }) => {
    mkdirSync(OUT, { recursive: true });
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'horizontal scroll').toBeLessThanOrEqual(0);

    // §9 banner sizes: phones 360×240 (narrower screens keep the ratio), tablets 360×520.
    const banner = await page.getByTestId('home-banner').boundingBox();
    expect(banner).not.toBeNull();
    if (viewport.width < 768) {
      expect(banner!.width).toBeLessThanOrEqual(360);
      expect(banner!.height / banner!.width).toBeCloseTo(240 / 360, 1);
    } else {
      expect(Math.round(banner!.width)).toBe(360);
      expect(Math.round(banner!.height)).toBe(520);
    }

    // The bottom menu is for phones only.
    await expect(page.getByTestId('mobile-bottom-menu')).toBeVisible({
      visible: viewport.width < 768,
    });

    await page.screenshot({ path: path.join(OUT, `home-${viewport.width}.png`), fullPage: true });
    await page.screenshot({ path: path.join(OUT, `home-${viewport.width}-fold.png`) });
  });
}
