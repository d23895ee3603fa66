/**
 * The shell's service worker build (issue #28; apps/shell/src/sw/sw.ts) and the build manifest
 * the open pages poll (§4 `latest.json`).
 *
 * - `serviceWorkerConfig`: a third compilation of the shell, after its browser build
 *   (`dependencies`), bundling sw.ts with Workbox into `dist/sw.js` (no hash: the browser asks
 *   for `/sw.js` by name and compares its bytes to find a new version), and putting the list of
 *   the browser build's files in place of `self.__WB_MANIFEST` (what Workbox's injectManifest
 *   does; its build package brings Babel and Rollup along for this one replacement).
 * - `BuildManifestPlugin`: writes `latest.json` (`{ "build": id }`) beside the browser build, the
 *   id the page was built with (`__BUILD_ID__`), so a page sees when a newer build is out.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { rspack, type Compiler, type Configuration } from '@rspack/core';

/** This build's id: the time and a few random bytes (BUILD_ID overrides it). */
export const BUILD_ID =
  process.env.BUILD_ID ?? `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

/** A name with a content hash (`main.b9653e147f.js`): its URL is its version. */
const HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/;
/** What the worker keeps of the shell's build: code, styles, fonts and images. */
const PRECACHED = /\.(?:js|css|woff2|svg|png|webp)$/;

export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/**
 * The precache list of a built shell: every content-hashed file (revision null: the name says
 * it) and the few unhashed images of its root (revision: their bytes' hash). Never the pages, the
 * server build, source maps, compressed copies, the manifests or the worker itself.
 */
export function precacheEntries(dist: string): PrecacheEntry[] {
  const entries: PrecacheEntry[] = [];
  const walk = (folder: string, prefix: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const relative = `${prefix}${entry.name}`;
      if (entry.isDirectory()) {
        // The server build, and the content backend's icons and banners (the worker keeps those
        // as the pages show them, resized by /_ipx).
        if (!['server', 'icons', 'banners', 'og'].includes(entry.name)) {
          walk(path.join(folder, entry.name), `${relative}/`);
        }
        continue;
      }
      if (!PRECACHED.test(entry.name) || entry.name === 'sw.js') continue;
      const hashed = HASHED.test(entry.name);
      if (!hashed && prefix !== '') continue;
      entries.push({
        url: `/${relative}`,
        revision: hashed
          ? null
          : createHash('sha256')
              .update(readFileSync(path.join(folder, entry.name)))
              .digest('hex')
              .slice(0, 16),
      });
    }
  };
  walk(dist, '');
  return entries.sort((a, b) => a.url.localeCompare(b.url));
}

type Compilation = Parameters<Parameters<Compiler['hooks']['thisCompilation']['tap']>[1]>[0];

/** Runs `work` on each compilation's assets at `stage` (a plugin of one step). */
function atAssetStage(
  compiler: Compiler,
  name: string,
  stage: number,
  work: (compilation: Compilation) => void,
): void {
  compiler.hooks.thisCompilation.tap(name, (compilation) => {
    compilation.hooks.processAssets.tap({ name, stage }, () => work(compilation));
  });
}

/** Puts the precache list in place of `self.__WB_MANIFEST` in the built worker. */
class PrecacheManifestPlugin {
  private readonly dist: string;

  constructor(dist: string) {
    this.dist = dist;
  }

  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources;
    const stage = compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE;
    atAssetStage(compiler, 'PrecacheManifestPlugin', stage, (compilation) => {
      const asset = compilation.getAsset('sw.js');
      if (!asset) return;
      const code = asset.source.source().toString();
      if (!code.includes('self.__WB_MANIFEST')) {
        compilation.errors.push(new Error('sw.js: self.__WB_MANIFEST not found'));
        return;
      }
      const list = JSON.stringify(precacheEntries(this.dist));
      compilation.updateAsset('sw.js', new RawSource(code.replace('self.__WB_MANIFEST', list)));
    });
  }
}

/** Writes `latest.json` with the build's id. */
export class BuildManifestPlugin {
  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources;
    const stage = compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL;
    atAssetStage(compiler, 'BuildManifestPlugin', stage, (compilation) => {
      const manifest = { build: BUILD_ID, builtAt: new Date().toISOString() };
      compilation.emitAsset('latest.json', new RawSource(JSON.stringify(manifest)));
    });
  }
}

/** The worker's compilation (see the file's comment). */
export function serviceWorkerConfig(
  shellDir: string,
  dependsOn: string,
  argv: { mode?: string } = {},
): Configuration {
  const mode = argv.mode === 'development' ? 'development' : 'production';
  const dist = path.join(shellDir, 'dist');
  return {
    name: 'shell-sw',
    dependencies: [dependsOn],
    mode,
    context: shellDir,
    target: 'webworker',
    entry: { sw: './src/sw/sw.ts' },
    output: { path: dist, filename: 'sw.js', publicPath: '/', clean: false },
    devtool: false,
    resolve: {
      extensions: ['.ts', '.js'],
      extensionAlias: { '.js': ['.ts', '.js'] },
    },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } },
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
      new PrecacheManifestPlugin(dist),
    ],
    optimization: { minimize: mode === 'production', splitChunks: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
