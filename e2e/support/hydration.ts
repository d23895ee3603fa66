import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until React has hydrated the element: server HTML shows (and even focuses) before its
 * handlers exist, and a key press or a select change on it then does nothing. React marks each
 * node it has taken over with a `__reactProps$…` key, the same moment its handlers attach; a lazy
 * chunk's part of the page (the account menu) is hydrated later than the page itself, so waiting
 * for the network to be idle or for the root was a guess that lost on a busy machine.
 */
export async function toBeHydrated(locator: Locator): Promise<void> {
  await expect
    .poll(() =>
      locator.evaluate((element) =>
        Object.keys(element).some((key) => key.startsWith('__reactProps$')),
      ),
    )
    .toBe(true);
}

/**
 * Waits until the shell has started on the page: its root's first element is React's. Before
 * that, a history entry a test pushes is read by the router as the page's first address, so the
 * client's first render is another page than the server's HTML (React #418, as a busy machine
 * showed in casino-hall-navigation.spec.ts); a player's click cannot do that (a link followed
 * before the page started is a page load).
 */
export async function toBeStarted(page: Page): Promise<void> {
  await toBeHydrated(page.locator('#root > *').first());
}
