import { isSystemPageKind, type SystemPageKind } from './error-pages.ts';

/** The `<meta name="northstar:page" content="…">` the platform writes when it answers a system page. */
export const SERVER_PAGE_META = 'northstar:page';

/**
 * The system page the server answered the first load with (maintenance with its 503, not found
 * with its 404, …), read from the page's head; null for an ordinary page or a value this shell
 * does not know.
 */
export function readServerSystemPage(doc: Pick<Document, 'querySelector'>): SystemPageKind | null {
  const content = doc
    .querySelector(`meta[name="${SERVER_PAGE_META}"]`)
    ?.getAttribute('content')
    ?.trim();
  return isSystemPageKind(content) ? content : null;
}
