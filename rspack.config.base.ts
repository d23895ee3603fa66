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
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

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
 * Shared singletons. `react/` and `react-dom/` (trailing slash) share every subpath too, so
 * `react/jsx-runtime` and `react-dom/client` never load twice. `react-router` is deliberately not
 * here: only the shell imports it (remotes navigate through `@northstar/shell-sdk`), so sharing it
 * would only cost its whole untree-shaken size.
 */
export const SINGLETONS = [
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
  '@northstar/i18n',
  '@northstar/ui',
] as const;

function installedVersion(appDir: string, pkg: string): string {
  const require = createRequire(path.join(appDir, 'package.json'));
  const base = pkg.endsWith('/') ? pkg.slice(0, -1) : pkg;
  // Resolve the package's own package.json through its main entry: several packages here
  // do not export ./package.json.
  let dir = path.dirname(require.resolve(base));
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
    devtool: isDev ? 'cheap-module-source-map' : 'source-map',
    output: {
      path: path.join(options.dir, 'dist'),
      // The host is served for deep links (/es-ES/gamehall/…), so its assets are absolute.
      // Remotes compute their public path from where their manifest was loaded, so a remote's
      // dist can be moved to any host and path.
      publicPath: isHost ? '/' : 'auto',
      uniqueName: `northstar_${options.name}`,
      filename: isDev ? '[name].js' : '[name].[contenthash:10].js',
      chunkFilename: isDev ? '[name].js' : '[name].[contenthash:10].js',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              target: 'es2022',
              // A remote in development runs against the shell's production React, which has no
              // jsx-dev-runtime support: remotes always use the production JSX runtime.
              transform: { react: { runtime: 'automatic', development: isDev && isHost } },
              experimental: {
                cacheRoot: path.join(workspaceRoot, '.swc'),
                plugins: [
                  [require_('@lingui/swc-plugin'), { descriptorFields: isDev ? 'all' : 'id-only' }],
                ],
              },
            },
          },
          type: 'javascript/auto',
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
    ],
    optimization: {
      // No runtimeChunk: a documented cause of failed remote loads (stack-notes.md).
      minimize: !isDev,
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
    experiments: { css: false },
    stats: 'errors-warnings',
  } as Configuration;
}

function require_(id: string): string {
  return createRequire(import.meta.url).resolve(id);
}

function readRootVersion(root: string): string {
  return (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string })
    .version;
}
