/// <reference types="node" />
/**
 * The shell's page renderer on the server (its server build: `dist/server/render.cjs`), called by
 * the platform for every page route once its rules (guards, redirects, 404, 503) have let the page
 * through (apps/platform/src/web/ssr.ts).
 *
 * 1. The request's locale is activated and, for a signed-in request, the session and balance are
 *    read, so the first HTML already shows the player's header.
 * 2. The page is rendered once to learn which queries its components ask for (TanStack Query
 *    builds them in the cache without fetching on the server); those are fetched in-process, and
 *    again for queries that appear with the data (at most `DATA_ROUNDS`).
 * 3. The final render streams through React's `renderToPipeableStream` into the page, with
 *    styled-components' stylesheet collected for the head, and the state the browser hydrates
 *    with: the dehydrated queries, the session, the router's loader data and the remotes that
 *    render in the browser only.
 *
 * Each render has its own Lingui instance (`createI18n`, given to `I18nProvider` and found by
 * `currentI18n()`) and its own transport (`RenderRequest.fetch`, which the server builds' `fetch`
 * and the API client reach through `requestFetch`): renders of different requests and locales run
 * side by side, with no lock and no global switched or patched.
 */
import { PassThrough } from 'node:stream';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { dehydrate, QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { ServerStyleSheet } from 'styled-components';
import {
  createI18n,
  DEFAULT_LOCALE,
  isLocale,
  registerCatalog,
  type Locale,
  type Messages,
} from '@northstar/i18n';
import { balanceQuery, sessionAtom, type Session } from '@northstar/shell-sdk';
import {
  SSR_SEAM_VERSION,
  type RenderRequest,
  type RenderResult,
  type ShellRenderer,
} from '@northstar/shell-sdk/ssr';
import { ThemeProvider } from '@northstar/ui';
import { createRoutes } from '../routing/create-routes.tsx';
import { SHELL_METHODS, shellApi } from '../session/shell-api.ts';
import { isSystemPageKind } from '../system/error-pages.ts';
import { systemPageAtom } from '../system/system-page-state.ts';
import type { ServerState } from '../routing/server-state.ts';
import { missingQueries, serializeState, serverQueryClient } from './server-data.ts';
import { runInRequest } from './request-context.ts';

export { SHARED_MODULES } from './shared-modules.ts';
export type { RenderRequest, RenderResult } from '@northstar/shell-sdk/ssr';

/** The seam this build implements (the platform checks it before calling `render`). */
export const seamVersion: ShellRenderer['seamVersion'] = SSR_SEAM_VERSION;

const catalogs = registerCatalog('shell', (locale) =>
  import(`../locales/${locale}.ts`).then((m: { messages: Messages }) => m.messages),
);

/** Rounds of "render, fetch what was asked for": enough for data that depends on data. */
const DATA_ROUNDS = 3;
/** A render that has not finished by then is cut short (the browser renders the rest). */
const RENDER_TIMEOUT_MS = 5_000;

function renderToHtml(app: ReactNode, nonce?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new PassThrough();
    sink.setEncoding('utf8');
    sink.on('data', (chunk: string) => (html += chunk));
    const timer = setTimeout(() => stream.abort(new Error('render timed out')), RENDER_TIMEOUT_MS);
    sink.on('end', () => {
      clearTimeout(timer);
      resolve(html);
    });
    const stream = renderToPipeableStream(app, {
      ...(nonce ? { nonce } : {}),
      // The page is sent whole (onAllReady): every Suspense boundary inline, in place. Left to its
      // default, React moves a large boundary's content (a gamehall of tiles) to the end of the
      // stream, hidden until an inline script reveals it: invisible without JavaScript.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => stream.pipe(sink),
      onShellError: (error) => {
        clearTimeout(timer);
        reject(error);
      },
      // Errors inside Suspense boundaries leave the boundary to the browser; logged here.
      onError: (error) => {
        console.error('[ssr] render error', error);
      },
    });
  });
}

export async function render(request: RenderRequest): Promise<RenderResult> {
  const url = new URL(request.url, 'http://northstar.internal');
  // The platform's page rules decided the locale (RenderRequest.locale); the URL is not parsed
  // for it again.
  const locale: Locale = isLocale(request.locale) ? request.locale : DEFAULT_LOCALE;
  const clientOnlyRemotes = new Set<string>();
  await catalogs;
  const i18n = await createI18n(locale);
  return runInRequest({ request, locale, i18n, clientOnlyRemotes }, async () => {
    const store = createStore();
    const queryClient = serverQueryClient();

    // The session: a signed-in request shows the player's header with the balance at once.
    let session: Session = { status: 'anonymous' };
    if (request.session.signedIn) {
      try {
        const info = await shellApi.send(SHELL_METHODS.getInfo);
        session = {
          status: 'signed-in',
          user: { uid: info.uid, login: info.login, fakename: info.fakename },
        };
        await queryClient.prefetchQuery(balanceQuery());
      } catch {
        // An ended or refused session renders as a visitor; the browser asks again.
      }
    }
    store.set(sessionAtom, session);
    if (isSystemPageKind(request.systemPage)) {
      store.set(systemPageAtom, { kind: request.systemPage, path: url.pathname });
    }

    // The platform has already applied the page rules (apps/platform/src/web/page-rules.ts).
    const handler = createStaticHandler(createRoutes(async () => null));
    const fetchRequest = new Request(url.href);
    const context = await handler.query(fetchRequest);
    if (context instanceof Response) {
      throw new Error(`the page answered ${context.status} on the server`);
    }
    const router = createStaticRouter(handler.dataRoutes, context);

    const page = () => (
      <StrictMode>
        <JotaiProvider store={store}>
          <QueryClientProvider client={queryClient}>
            <I18nProvider i18n={i18n}>
              <ThemeProvider>
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </ThemeProvider>
            </I18nProvider>
          </QueryClientProvider>
        </JotaiProvider>
      </StrictMode>
    );

    for (let round = 0; round < DATA_ROUNDS; round++) {
      await renderToHtml(page(), request.nonce);
      const missing = missingQueries(queryClient);
      if (missing.length === 0) break;
      await Promise.all(missing.map((options) => queryClient.prefetchQuery(options as never)));
    }

    const sheet = new ServerStyleSheet();
    try {
      const html = await renderToHtml(sheet.collectStyles(page()), request.nonce);
      const state: ServerState = {
        locale,
        session,
        queries: dehydrate(queryClient),
        loaderData: context.loaderData,
        errors: context.errors,
        clientOnlyRemotes: [...clientOnlyRemotes],
      };
      return { html, styles: sheet.getStyleTags(), state: serializeState(state) };
    } finally {
      sheet.seal();
    }
  });
}
