import { expect, type Locator } from '@playwright/test';

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
