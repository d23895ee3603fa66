import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import type { Compiler } from '@rspack/core';

const brotli = promisify(brotliCompress);

/**
 * Writes a `.gz` beside every JS, CSS and SVG asset of a production build, made with zopfli:
 * the same gzip format every browser reads, about 3–4 % smaller than zlib's best level; and a
 * `.br` (brotli at its best quality, about 10 % smaller again) for the browsers that accept it.
 * The platform serves these files as they are (`@fastify/static` `preCompressed` picks `.br`,
 * then `.gz`, by the request's Accept-Encoding), so each asset is compressed once at build time
 * instead of on every request.
 */
const COMPRESSIBLE = /\.(js|css|svg)$/;
/** Smaller files are not worth a second copy (the server's threshold is the same). */
const MIN_BYTES = 1024;

/**
 * zopfli is loaded when a build first compresses, never at import: its Emscripten glue installs
 * process-wide `uncaughtException` and `unhandledRejection` handlers that abort the process, and
 * this file is imported (through rspack.config.base.ts) by test workers that only read the
 * config, such as the federation e2e. A Playwright worker with those handlers died (exit 7) on
 * the first rejected promise of an unrelated test.
 */
let zopfliGzip:
  ((input: Buffer, options: { numiterations: number }) => Promise<Uint8Array>) | null = null;
async function gzip(input: Buffer, options: { numiterations: number }): Promise<Uint8Array> {
  if (!zopfliGzip) {
    const { default: zopfli } = await import('@gfx/zopfli');
    zopfliGzip = promisify(zopfli.gzip);
  }
  return zopfliGzip(input, options);
}

/** The two compressed copies of one asset: zopfli's gzip and brotli at its best quality. */
export async function precompress(input: Buffer): Promise<{ gzip: Uint8Array; brotli: Buffer }> {
  const [zipped, brotlied] = await Promise.all([
    gzip(input, { numiterations: 10 }),
    brotli(input, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: input.length,
      },
    }),
  ]);
  return { gzip: zipped, brotli: brotlied };
}

export class PrecompressPlugin {
  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        {
          name: 'PrecompressPlugin',
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER,
        },
        async () => {
          const jobs = compilation
            .getAssets()
            .filter((asset) => COMPRESSIBLE.test(asset.name) && asset.source.size() >= MIN_BYTES)
            .map(async (asset) => {
              const input = asset.source.buffer();
              const { gzip: zipped, brotli: brotlied } = await precompress(input);
              if (zipped.length < input.length) {
                compilation.emitAsset(`${asset.name}.gz`, new RawSource(Buffer.from(zipped)));
              }
              if (brotlied.length < input.length) {
                compilation.emitAsset(`${asset.name}.br`, new RawSource(brotlied));
              }
            });
          await Promise.all(jobs);
        },
      );
    });
  }
}
