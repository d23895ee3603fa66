/**
 * Playwright's own console line when a context blocks service workers (playwright.config.ts
 * blocks them for every spec but pwa.spec.ts): a message of the test tool, not of the site, left
 * out where a test collects the page's console errors and warnings.
 */
export const isPlaywrightNotice = (text: string): boolean =>
  text === 'Service Worker registration blocked by Playwright';
