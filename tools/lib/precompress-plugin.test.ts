import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const handlerEvents = ['unhandledRejection', 'uncaughtException'] as const;
const listenerCounts = () => handlerEvents.map((event) => process.listenerCount(event));

describe('precompress plugin', () => {
  it('installs no process-wide error handlers when the build config is imported', async () => {
    // The federation e2e imports rspack.config.base.ts for its singleton list; zopfli's glue,
    // loaded at import, used to add handlers that abort a Playwright worker.
    const before = listenerCounts();
    await import('../../rspack.config.base.ts');
    expect(listenerCounts()).toEqual(before);
  });

  it('writes gzip and brotli copies that decompress to the asset', async () => {
    const { precompress } = await import('./precompress-plugin.ts');
    const input = Buffer.from('export const lobby = "games";\n'.repeat(200));
    const { gzip, brotli } = await precompress(input);
    expect(gunzipSync(gzip).equals(input)).toBe(true);
    expect(brotliDecompressSync(brotli).equals(input)).toBe(true);
    expect(gzip.length).toBeLessThan(input.length);
  });
});
