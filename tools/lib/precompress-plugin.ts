import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import zopfli from '@gfx/zopfli';
import type { Compiler } from '@rspack/core';

const gzip = promisify(zopfli.gzip);
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
              const [zipped, brotlied] = await Promise.all([
                gzip(input, { numiterations: 10 }),
                brotli(input, {
                  params: {
                    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                    [constants.BROTLI_PARAM_SIZE_HINT]: input.length,
                  },
                }),
              ]);
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
