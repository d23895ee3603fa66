/**
 * The one rspack configuration every app extends (shell host and the seven remotes).
 *
 * - TypeScript and JSX through rspack's built-in SWC loader, with Lingui's SWC plugin compiling
 *   the `@lingui/*\/macro` calls (production keeps only message ids).
 * - Module Federation (`@module-federation/enhanced/rspack`) with the singletons of
 *   architecture.md "Module Federation rules". `requiredVersion` is computed from the installed
 *   package (`catalog:` in a package.json would otherwise be read literally).
 * - Everything is content-hashed except `mf-manifest.json` (served with `no-cache`).
 */
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { PrecompressPlugin } from './tools/lib/precompress-plugin.ts';
import { isSharedSingleton, SHARED_SINGLETONS } from './packages/shell-sdk/src/ssr.ts';

export type AppKind = 'host' | 'remote';

/** Fixed dev-server ports (`nx run <name>:serve`); `pnpm dev <name>` relies on them. */
export const DEV_PORTS = {
  shell: 4200,
  casino: 4201,
  betting: 4202,
  cashier: 4203,
  loyalty: 4204,
  profile: 4205,
  auth: 4206,
  promo: 4207,
} as const;

export type AppName = keyof typeof DEV_PORTS;

export interface AppConfigOptions {
  /** Federation name, also the Nx project name (`shell`, `casino`, …). */
  name: AppName;
  /** The app folder (`import.meta.dirname` of its rspack.config.ts). */
  dir: string;
  kind: AppKind;
  /** Modules a remote exposes (`./routes`, …). */
  exposes?: Record<string, string>;
  /** Extra runtime plugins (paths), wired by path as module-federation/core does. */
  runtimePlugins?: string[];
}

/**
 * The shared singletons: `@northstar/shell-sdk/ssr`'s one list (architecture.md "Module Federation
 * rules"), which the server's share scope for remotes and the federation e2e read too.
 */
export const SINGLETONS = SHARED_SINGLETONS;

function installedVersion(appDir: string, pkg: string): string {
  const require = createRequire(path.join(appDir, 'package.json'));
  const base = packageOf(pkg);
  // Resolve the package's own package.json through its main entry: several packages here
  // do not export ./package.json.
  let dir = path.dirname(require.resolve(pkg.endsWith('/') ? base : pkg));
  for (;;) {
    try {
      const json = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (json.name === base && json.version) return json.version;
    } catch {
      // keep walking up
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`cannot find the version of ${base} from ${appDir}`);
    dir = parent;
  }
}

export function sharedConfig(appDir: string) {
  return Object.fromEntries(
    SINGLETONS.map((pkg) => {
      const version = installedVersion(appDir, pkg);
      return [
        pkg,
        { singleton: true, requiredVersion: `^${version}`, version, strictVersion: false },
      ];
    }),
  );
}

export function createAppConfig(
  options: AppConfigOptions,
  argv: { mode?: string } = {},
): Configuration {
  const mode =
    argv.mode === 'development' || process.env.NODE_ENV === 'development'
      ? 'development'
      : 'production';
  const isDev = mode === 'development';
  const isHost = options.kind === 'host';
  const workspaceRoot = import.meta.dirname;

  return {
    mode,
    context: options.dir,
    // A remote's only entry is its remoteEntry (the federation container).
    entry: isHost ? { main: './src/index.ts' } : {},
    // Production maps are written but not referenced (`hidden-source-map`), and the platform
    // never serves them (web/index.ts): they are for an error tracker, not for browsers.
    devtool: isDev ? 'cheap-module-source-map' : 'hidden-source-map',
    output: {
      path: path.join(options.dir, 'dist'),
      // The host is served for deep links (/es-ES/gamehall/…), so its assets are absolute.
      // Remotes compute their public path from where their manifest was loaded, so a remote's
      // dist can be moved to any host and path.
      publicPath: isHost ? '/' : 'auto',
      uniqueName: `northstar_${options.name}`,
      filename: isDev ? '[name].js' : '[name].[contenthash:10].js',
      chunkFilename: isDev ? '[name].js' : '[name].[contenthash:10].js',
      // `server/` is the server build of the same app (createServerConfig), emitted beside it.
      clean: {
        keep: (file: string) =>
          /(?:^|[\\/])dist[\\/]server(?:[\\/]|$)|^server(?:[\\/]|$)/.test(file),
      },
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      alias: {
        ...federationRuntimeEsmAlias(),
        // React 19 has `useSyncExternalStore`: its React 17 back-port is not shipped.
        'use-sync-external-store/shim$': path.join(
          workspaceRoot,
          'packages/i18n/src/use-sync-external-store-shim.ts',
        ),
      },
    },
    module: {
      rules: [
        // A remote in development runs against the shell's production React, which has no
        // jsx-dev-runtime support: remotes always use the production JSX runtime.
        sourceRule(workspaceRoot, { isDev, jsxDev: isDev && isHost }),
        // Plain CSS (only the shell's web fonts, `@northstar/ui/fonts.css`): emitted as a .css
        // file next to the entry, never as JavaScript.
        { test: /\.css$/, type: 'css' },
        // Images (the home banner art): files next to the JS, only their URL in the bundle.
        {
          test: /\.(svg|png|webp|avif)$/,
          type: 'asset/resource',
          generator: {
            filename: isDev ? 'images/[name][ext]' : 'images/[name].[contenthash:10][ext]',
          },
        },
        {
          test: /\.woff2$/,
          type: 'asset/resource',
          generator: {
            filename: isDev ? 'fonts/[name][ext]' : 'fonts/[name].[contenthash:10][ext]',
          },
        },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(mode),
        __APP_VERSION__: JSON.stringify(readRootVersion(workspaceRoot)),
      }),
      new ModuleFederationPlugin({
        name: options.name,
        ...(isHost
          ? { remotes: {} }
          : {
              filename: isDev ? 'remoteEntry.js' : 'remoteEntry.[contenthash:10].js',
              exposes: options.exposes ?? {},
            }),
        shared: sharedConfig(options.dir),
        shareStrategy: 'loaded-first',
        runtimePlugins: options.runtimePlugins ?? [],
        // One federation runtime for the page: the shell provides `@module-federation/runtime-core`
        // on a global, and each remote's entry uses it instead of bundling its own copy (about 25 KB
        // gzip per remote). Shell and remotes must be built with the same @module-federation/*
        // version (the catalog pins it).
        experiments: {
          ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: true }),
          optimization: { target: 'web' },
        },
        manifest: true,
        dts: false,
      }),
      ...(isHost
        ? [
            new rspack.HtmlRspackPlugin({
              template: path.join(options.dir, 'index.html'),
              inject: 'body',
              scriptLoading: 'defer',
            }),
          ]
        : []),
      ...(isDev ? [] : [new PrecompressPlugin()]),
    ],
    optimization: {
      // No runtimeChunk: a documented cause of failed remote loads (stack-notes.md).
      minimize: !isDev,
      splitChunks: {
        cacheGroups: {
          // A workspace package's files reached both through its shared entry and through a
          // subpath (`@northstar/shell-sdk/routes`, `@northstar/i18n/locales`) go into one chunk
          // instead of being downloaded twice.
          workspaceCommon: {
            test: /[\\/]packages[\\/][^\\/]+[\\/]src[\\/]/,
            chunks: 'async',
            minChunks: 2,
            minSize: 0,
            reuseExistingChunk: true,
            priority: -5,
          },
          // The shell only: every page needs React, the router, styled-components, TanStack Query,
          // jotai and Lingui, and the workspace packages' main entries. Module Federation gives
          // each shared package its own chunk; two chunks instead of a dozen compress better
          // (about 5 KB gzip less on `/`) and start fewer requests. Remotes keep one chunk per
          // shared package: they download a fallback only when the shell did not provide it.
          ...(isHost
            ? {
                vendor: {
                  test: (module: { resource?: string }) => isEveryPageVendor(module.resource),
                  chunks: 'async' as const,
                  name: 'vendor',
                  enforce: true,
                  priority: 20,
                },
                workspace: {
                  test: (module: { resource?: string }) =>
                    isEveryPageWorkspaceModule(workspaceRoot, module.resource),
                  chunks: 'async' as const,
                  name: 'workspace',
                  enforce: true,
                  priority: 10,
                },
              }
            : {}),
        },
      },
    },
    performance: { hints: false },
    devServer: {
      port: DEV_PORTS[options.name],
      // A remote runs inside the shell's page (another origin): its live-reload socket must
      // still reach this server.
      client: {
        overlay: { errors: true, warnings: false },
        webSocketURL: `ws://localhost:${DEV_PORTS[options.name]}/ws`,
      },
      hot: true,
      historyApiFallback: isHost,
      headers: { 'Access-Control-Allow-Origin': '*' },
    },
    // Lazy compilation asks the page's own origin for modules; a remote runs inside the shell's
    // page on another origin, so it is off.
    lazyCompilation: false,
    stats: 'errors-warnings',
  } as Configuration;
}

/**
 * What `rspack build` makes of an app: its browser build and its server build (one deploy, both
 * halves). `rspack serve` (development) builds only the browser half.
 */
export function appConfigs(
  options: AppConfigOptions,
  env: { RSPACK_SERVE?: boolean } | undefined,
  argv: { mode?: string } = {},
  browser: (config: Configuration) => Configuration = (config) => config,
): Configuration | Configuration[] {
  const client = browser(createAppConfig(options, argv));
  return env?.RSPACK_SERVE ? client : [client, createServerConfig(options, argv)];
}

/** TypeScript and JSX through SWC, with Lingui's plugin compiling the macros. */
export function sourceRule(
  workspaceRoot: string,
  { isDev, jsxDev }: { isDev: boolean; jsxDev: boolean },
) {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        target: 'es2022',
        transform: { react: { runtime: 'automatic', development: jsxDev } },
        experimental: {
          cacheRoot: path.join(workspaceRoot, '.swc'),
          plugins: [
            [require_('@lingui/swc-plugin'), { descriptorFields: isDev ? 'all' : 'id-only' }],
            // styled-components' CSS ships without its comments and indentation (it was about a
            // fifth of the shell's own first-screen code). Same options for the browser and the
            // server build, so the class names they generate agree at hydration.
            [
              require_('@swc/plugin-styled-components'),
              {
                displayName: isDev,
                ssr: false,
                minify: !isDev,
                transpileTemplateLiterals: false,
                pure: !isDev,
              },
            ],
          ],
        },
      },
    },
    type: 'javascript/auto',
  };
}

/**
 * The server build of an app (architecture.md "Server rendering"), emitted to `dist/server/` beside
 * the browser build, so one deploy of an app updates both. It renders on Node what the browser
 * build renders in the page:
 *
 * - the shell: `dist/server/render.cjs`, the page renderer the platform calls
 *   (`src/server/render.tsx`), with the shared singletons bundled into it and handed to remotes;
 * - a remote: `dist/server/routes.cjs`, its `./routes` expose as one CommonJS file (catalogs and
 *   lazy parts inlined: a server build has no chunks to fetch), whose shared singletons are not
 *   bundled but `require`d from the shell's renderer, so the page has one React, one jotai, one
 *   `shell-sdk`… exactly as Module Federation's share scope gives the browser.
 *
 * Why not the federation runtime on Node (`target: 'async-node'` and `@module-federation/node`):
 * its chunk loading over HTTP and the share-scope negotiation are the parts that fail at run time
 * on the server, and a remote's server code needs neither (one file, fixed singletons). The
 * remote's server entry is found beside its manifest (`<manifest dir>/server/routes.cjs`), so a
 * remote deployed to another URL is picked up from `/remotes.json` like in the browser
 * (apps/platform/src/web/ssr.ts loads it; stack-notes.md has the measured alternatives).
 */
export function createServerConfig(
  options: AppConfigOptions,
  argv: { mode?: string } = {},
): Configuration {
  const mode =
    argv.mode === 'development' || process.env.NODE_ENV === 'development'
      ? 'development'
      : 'production';
  const isDev = mode === 'development';
  const isHost = options.kind === 'host';
  const workspaceRoot = import.meta.dirname;
  return {
    name: `${options.name}-server`,
    mode,
    context: options.dir,
    target: 'node22',
    entry: isHost
      ? { render: './src/server/render.tsx' }
      : { routes: options.exposes?.['./routes'] ?? './src/routes.tsx' },
    devtool: false,
    output: {
      path: path.join(options.dir, 'dist', 'server'),
      // The shell's assets have fixed absolute URLs (its browser build's public path is `/`).
      publicPath: isHost ? '/' : '',
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      conditionNames: ['node', 'import', 'require', 'default'],
      ...(isHost
        ? {
            // The browser's federation loader becomes the server's (same exports).
            alias: {
              [path.join(options.dir, 'src/federation/remotes.ts')]: path.join(
                options.dir,
                'src/server/remotes.server.ts',
              ),
            },
          }
        : {}),
    },
    // A remote's shared singletons come from the shell's renderer at run time.
    externals: isHost
      ? []
      : [
          (
            { request }: { request?: string },
            callback: (error?: Error, result?: string) => void,
          ) => {
            if (request && isSharedSingleton(request)) {
              return callback(undefined, `commonjs ${request}`);
            }
            callback();
          },
        ],
    externalsType: 'commonjs',
    module: {
      rules: [
        sourceRule(workspaceRoot, { isDev, jsxDev: false }),
        { test: /\.css$/, type: 'asset/resource', generator: { emit: false } },
        {
          test: /\.(svg|png|webp|avif)$/,
          type: 'asset/resource',
          // The same names as the browser build's files, which the page loads.
          generator: {
            filename: isDev ? 'images/[name][ext]' : 'images/[name].[contenthash:10][ext]',
            emit: false,
          },
        },
        {
          test: /\.woff2$/,
          type: 'asset/resource',
          generator: {
            filename: isDev ? 'fonts/[name][ext]' : 'fonts/[name].[contenthash:10][ext]',
            emit: false,
          },
        },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(mode),
        __APP_VERSION__: JSON.stringify(readRootVersion(workspaceRoot)),
      }),
      // One file: a server entry evaluated from its source has no chunks beside it to load.
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      // The page's code calls `fetch('/cms/…')` and the API client `fetch('http://northstar.internal/api/…')`
      // as in the browser. On the server that free `fetch` is shell-sdk's `requestFetch`: the
      // current render's own transport (in-process, with that player's cookies) for the page's
      // URLs, the real fetch for the rest. The global `fetch` is never replaced. A remote's server
      // build gets it from the shared `@northstar/shell-sdk` (the shell's instance), like the rest.
      // (The shell names the package's file: packages such as api-client do not depend on it.)
      new rspack.ProvidePlugin({
        fetch: [
          isHost
            ? path.join(workspaceRoot, 'packages/shell-sdk/src/index.ts')
            : '@northstar/shell-sdk',
          'requestFetch',
        ],
      }),
    ],
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  } as Configuration;
}

/**
 * The npm packages every page of the shell loads: the shared singletons, the router, and what they
 * import. A package outside this list keeps its own chunk, so a library the shell only loads on
 * demand never ends up in the first page's download.
 */
const EVERY_PAGE_VENDORS = new Set<string>([
  ...SINGLETONS.filter((pkg) => !pkg.startsWith('@northstar/')).map(packageOf),
  'react-router',
  'scheduler',
  'stylis',
  '@emotion/is-prop-valid',
  '@emotion/memoize',
  '@emotion/unitless',
  'shallowequal',
  'tslib',
  'use-sync-external-store',
  '@lingui/message-utils',
  '@messageformat/parser',
  'moo',
  'cookie',
  'set-cookie-parser',
]);

/** `react/` → react, `@northstar/ui/forms` → @northstar/ui. */
function packageOf(request: string): string {
  return request
    .split('/')
    .slice(0, request.startsWith('@') ? 2 : 1)
    .join('/');
}

function isEveryPageVendor(resource: string | undefined): boolean {
  if (!resource) return false;
  const parts = resource.split(/[\\/]node_modules[\\/]/);
  if (parts.length < 2) return false;
  return EVERY_PAGE_VENDORS.has(packageOf(parts[parts.length - 1]!.replaceAll('\\', '/')));
}

/**
 * The workspace modules every page loads: the files that the main entries of shell-sdk, i18n and
 * `@northstar/ui` reach (each index and what it imports inside its package, transitively), and
 * the two packages they call on every page: the error catalogue (`@northstar/errors`, which
 * shell-sdk and the shell's error handling use) and the API transport
 * (`@northstar/api-client/transport`). Those two used to come as a chunk of their own, one more
 * request in the page's critical chain and about 0.2 KB gzip more than inside this chunk. A
 * subpath entry (`@northstar/ui/dialog`, `@northstar/shell-sdk/query-params`, …) and what only it
 * imports stay on demand, in the chunks of the pages that use them.
 */
function isEveryPageWorkspaceModule(root: string, resource: string | undefined): boolean {
  if (!resource) return false;
  mainEntryFiles ??= new Set(
    [
      'shell-sdk/src/index.ts',
      'i18n/src/index.ts',
      'ui/src/index.ts',
      'errors/src/index.ts',
      'api-client/src/transport.ts',
    ].flatMap((entry) => [...reachableFiles(path.join(root, 'packages', entry))]),
  );
  return mainEntryFiles.has(path.resolve(resource));
}

let mainEntryFiles: Set<string> | undefined;

/** `entry` and every file of its package it imports by a relative path, transitively. */
function reachableFiles(entry: string): Set<string> {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file) || !existsSync(file)) return;
    files.add(file);
    // A type-only import brings no code: `import type { IconName } from './icon-paths.ts'` must
    // not put the icons' paths in every page's chunk.
    const source = readFileSync(file, 'utf8').replace(/^import type [^;]+;/gm, '');
    for (const match of source.matchAll(/(?:from|import)\s+'(\.{1,2}\/[\w./-]+)'/g)) {
      visit(path.resolve(path.dirname(file), match[1]!));
    }
  };
  visit(entry);
  return files;
}

/**
 * Rspack injects the federation bundler runtime by the CommonJS path `require.resolve` gives, and
 * CommonJS cannot be tree-shaken: every helper of `@module-federation/sdk` (Node script loading,
 * manifest tooling…) would ship to the browser. Pointing that file at the package's ES module
 * build makes the whole runtime ESM, so only what the page uses is bundled.
 */
function federationRuntimeEsmAlias(): Record<string, string> {
  // Resolved the way the plugins resolve them: enhanced → @module-federation/rspack → runtime-tools.
  const fromEnhanced = createRequire(require_('@module-federation/enhanced/rspack'));
  const fromPlugin = createRequire(fromEnhanced.resolve('@module-federation/rspack'));
  const fromTools = createRequire(fromPlugin.resolve('@module-federation/runtime-tools'));
  const entries = [
    fromTools.resolve('@module-federation/webpack-bundler-runtime'),
    fromTools.resolve('@module-federation/runtime'),
    fromTools.resolve('@module-federation/runtime-tools/runtime-core'),
    fromPlugin.resolve('@module-federation/inject-external-runtime-core-plugin'),
  ];
  return Object.fromEntries(entries.map((cjs) => [cjs, cjs.replace(/\.cjs$/, '.js')]));
}

function require_(id: string): string {
  return createRequire(import.meta.url).resolve(id);
}

function readRootVersion(root: string): string {
  return (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string })
    .version;
}
