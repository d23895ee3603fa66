import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules every page is held to: WCAG 2.2 A/AA and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export interface AxeOptions {
  /** Leave out a part measured elsewhere (a game's frame is the game server's: games.spec.ts). */
  exclude?: string;
  /**
   * Wait for fonts and running animations first (default), so contrast is measured on what a
   * player sees: a toast sliding in is checked once it has settled. Off under `page.clock`, whose
   * frozen timers would hold the wait.
   */
  settle?: boolean;
  /** Print the minor findings too (the site-wide sweep does, to keep them in view). */
  logMinor?: boolean;
}

export interface Violation {
  rule: string;
  help: string;
  targets: string[];
}

/** The serious and critical axe findings of the page (or of `include`), for `toEqual([])`. */
export async function seriousViolations(
  page: Page,
  include?: string,
  { exclude, settle = true, logMinor = false }: AxeOptions = {},
): Promise<Violation[]> {
  if (settle) {
    await page.evaluate(() => document.fonts.ready);
    await page.evaluate(() =>
      Promise.race([
        Promise.all(
          document.getAnimations().map((animation) => animation.finished.catch(() => null)),
        ),
        // A looping animation (a skeleton's shimmer) never finishes.
        new Promise((resolve) => setTimeout(resolve, 1000)),
      ]),
    );
  }
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder = builder.include(include);
  if (exclude) builder = builder.exclude(exclude);
  const { violations } = await builder.analyze();
  const serious = (impact: string | null | undefined) =>
    impact === 'serious' || impact === 'critical';
  if (logMinor) {
    for (const v of violations.filter((found) => !serious(found.impact))) {
      console.log(`[axe ${v.impact}] ${v.id}: ${v.help} (${v.nodes.length})`);
    }
  }
  return violations
    .filter((v) => serious(v.impact))
    .map((v) => ({ rule: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}
