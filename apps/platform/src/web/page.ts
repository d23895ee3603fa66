import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { pageHead, type PageRequest } from './page-head.ts';
import { renderShell } from './render-head.ts';
import { shellHtmlFile } from './shell-html.ts';

/**
 * The HTML answer for a page path: the built shell with the head of the page. Content trouble
 * never fails the page: it is logged and the plain shell goes out.
 */
export function pageRenderer(app: AppContext, indexHtml: string) {
  const shellHtml = shellHtmlFile(indexHtml);
  return async (request: PageRequest, log: FastifyBaseLogger): Promise<string> => {
    const html = await shellHtml();
    try {
      return renderShell(html, await pageHead(app, request));
    } catch (error) {
      log.error({ err: error, url: request.url }, 'page head lookup failed; plain shell served');
      return html;
    }
  };
}
