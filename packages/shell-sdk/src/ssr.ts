/**
 * `@northstar/shell-sdk/ssr`: the one server-render seam (architecture.md "Server rendering").
 *
 * The platform (apps/platform/src/web/ssr.ts) calls the shell's server build
 * (`apps/shell/dist/server/render.cjs`, apps/shell/src/server/render.tsx) with a `RenderRequest`
 * and gets a `RenderResult`; both sides import these types, so the contract is written once. The
 * list of shared singletons lives here too: the browser builds' Module Federation config
 * (rspack.config.base.ts), the server's share scope for remotes' server entries
 * (apps/shell/src/server/shared-modules.ts) and the federation e2e all read it.
 *
 * Plain data and types only: the rspack config imports this file under Node, and the browser
 * bundle never needs it.
 */

/**
 * Bumped when `RenderRequest`/`RenderResult` change shape: the platform refuses a renderer built
 * against another version (and sends the page to render in the browser) instead of calling it
 * with arguments it does not understand.
 */
export const SSR_SEAM_VERSION = 2;

/**
 * The shared singletons (architecture.md "Module Federation rules"). `react/`, `react-dom/` and
 * `jotai/` (trailing slash) share every subpath too, so `react/jsx-runtime`, `react-dom/client`
 * or `jotai/utils` never load twice. `react-router` is deliberately not here: only the shell
 * imports it (remotes navigate through `@northstar/shell-sdk`), so sharing it would only cost its
 * whole untree-shaken size. `@northstar/ui/dialog` and `@northstar/ui/forms` are separate entries
 * of the design system: provided by the shell like the rest, downloaded only by a page that opens
 * a dialog or draws a form (the home page needs neither).
 */
export const SHARED_SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'jotai',
  'jotai/',
  '@tanstack/react-query',
  '@tanstack/query-core',
  'styled-components',
  '@lingui/core',
  '@lingui/react',
  '@northstar/shell-sdk',
  // The §8 error catalogue and ApiError: one copy for the shell and every remote (each remote's
  // first page no longer downloads its own, and `instanceof ApiError` holds across them).
  '@northstar/errors',
  '@northstar/i18n',
  '@northstar/ui',
  '@northstar/ui/dialog',
  '@northstar/ui/forms',
] as const;

/**
 * The modules the server offers a remote's server entry (its share scope on Node): every exact
 * singleton, and the subpaths of the `…/` singletons a server entry can ask for. No `node:*`
 * module, nothing else: a remote's server code draws pages with the shell's React and SDK and
 * gets no file system, process or network from the platform.
 */
type ExactSingleton = Exclude<(typeof SHARED_SINGLETONS)[number], `${string}/`>;
/** The subpaths of the `…/` singletons that a server entry imports. */
const SERVER_SUBPATHS = [
  'react/jsx-runtime',
  'react-dom/server',
  'jotai/react',
  'jotai/utils',
  'jotai/vanilla',
] as const;
export type ServerSharedModule = ExactSingleton | (typeof SERVER_SUBPATHS)[number];

export const SERVER_SHARED_MODULES: readonly ServerSharedModule[] = [
  ...SHARED_SINGLETONS.filter((name): name is ExactSingleton => !name.endsWith('/')),
  ...SERVER_SUBPATHS,
];

/** Whether an import specifier is one of the shared singletons (exactly, or under a `…/` one). */
export function isSharedSingleton(request: string): boolean {
  return SHARED_SINGLETONS.some((entry) =>
    entry.endsWith('/') ? request.startsWith(entry) : request === entry,
  );
}

/** The session as the platform read it from the request's cookie (its page rules did). */
export interface RenderSession {
  signedIn: boolean;
}

/** What the platform gives the shell's renderer for one page request. */
export interface RenderRequest {
  /** The page's path and query, as the browser asked for it (no hash: browsers never send it). */
  url: string;
  /**
   * The page's locale as the platform's page rules decided it (apps/platform/src/web/page-rules.ts):
   * the renderer draws the page in it and never parses the URL again.
   */
  locale: string;
  /** The request's session (a live session cookie or not). */
  session: RenderSession;
  /** The system page the platform answered, if any (maintenance, not-found, …). */
  systemPage: string | null;
  /**
   * The answer's Content-Security-Policy nonce (apps/platform/src/web/csp.ts): React's own inline
   * scripts carry it, or the browser refuses them.
   */
  nonce?: string;
  /**
   * This request's transport: answers the page's own requests (`/api`, `/nfx`, `/cms`) in the
   * platform's process with the player's cookies, what the page would have fetched from the
   * browser. Only page-relative URLs; reads only (a write waits for the browser).
   */
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  /**
   * A remote's server entry (`<manifest dir>/server/routes.cjs`): its source and the name to show
   * in stack traces; null when the remote is not listed, has no server build, or lives on an
   * origin the operator did not allow (`REMOTE_ORIGINS`).
   */
  remoteEntry: (name: string) => Promise<{ code: string; filename: string } | null>;
}

export interface RenderResult {
  /** The markup of `#root`. */
  html: string;
  /** styled-components' `<style>` tags for the head. */
  styles: string;
  /** What the browser hydrates with (the shell's `ServerState`), as script-safe JSON. */
  state: string;
}

/** What the shell's server build exports. */
export interface ShellRenderer {
  seamVersion: number;
  render(request: RenderRequest): Promise<RenderResult>;
}

/**
 * Whether a loaded server build is a renderer of this seam (and not an older or foreign file):
 * the platform checks this instead of trusting a cast.
 */
export function isShellRenderer(value: unknown): value is ShellRenderer {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<ShellRenderer>;
  return candidate.seamVersion === SSR_SEAM_VERSION && typeof candidate.render === 'function';
}
