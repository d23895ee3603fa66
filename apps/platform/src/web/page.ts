import type { FastifyBaseLogger } from 'fastify';
import { splitLocalePath } from '@northstar/i18n/locales';
import type { AppContext } from '../context.ts';
import { pageHead, type PageRequest } from './page-head.ts';
import { renderShell, type PageHead, type SystemPageKind } from './render-head.ts';
import { shellHtmlFile } from './shell-html.ts';

/** A system page is not a page of the site to index. */
const NOINDEX = { attribute: 'name', key: 'robots', content: 'noindex' } as const;

/** The head of a system page that reads nothing (maintenance, the locale failure). */
function bareHead(lang: string, systemPage: SystemPageKind, title: string | null): PageHead {
  return {
    lang,
    title,
    meta: [NOINDEX],
    canonical: null,
    icons: [],
    jsonLd: [],
    customCode: { head: [], bodyStart: [], bodyEnd: [] },
    systemPage,
  };
}

export interface PageRenderer {
  /**
   * The built shell with the head of the page; with `systemPage` (a 404) the page's own head
   * plus the `northstar:page` meta and `noindex`. Content trouble never fails the page: it is
   * logged and the shell goes out with the bare head.
   */
  page(request: PageRequest, log: FastifyBaseLogger, systemPage?: SystemPageKind): Promise<string>;
  /** The built shell as a system page without reading the content backend (503, 500). */
  bare(lang: string, systemPage: SystemPageKind, title?: string | null): Promise<string>;
}

export function pageRenderer(app: AppContext, indexHtml: string): PageRenderer {
  const shellHtml = shellHtmlFile(indexHtml);
  return {
    async page(request, log, systemPage) {
      const html = await shellHtml();
      try {
        const head = await pageHead(app, request);
        if (systemPage) {
          head.systemPage = systemPage;
          head.meta = [...head.meta.filter((tag) => tag.key.toLowerCase() !== 'robots'), NOINDEX];
        }
        return renderShell(html, head);
      } catch (error) {
        log.error({ err: error, url: request.url }, 'page head lookup failed; plain shell served');
        if (!systemPage) return html;
        const lang = splitLocalePath(request.url.split(/[?#]/, 1)[0] || '/').locale;
        return renderShell(html, bareHead(lang, systemPage, null));
      }
    },
    async bare(lang, systemPage, title = null) {
      return renderShell(await shellHtml(), bareHead(lang, systemPage, title));
    },
  };
}
