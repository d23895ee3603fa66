import { describe, expect, it } from 'vitest';
import { claimReload, isChunkLoadError, RELOAD_GUARD_MS } from './reload-guard.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

describe('reload guard', () => {
  it('allows one reload, then none until 10 s have passed', () => {
    const storage = memoryStorage();
    expect(claimReload(storage, 1_000)).toBe(true);
    expect(claimReload(storage, 1_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(claimReload(storage, 1_000 + RELOAD_GUARD_MS)).toBe(true);
  });

  it('recognises chunk-load errors, also when wrapped', () => {
    const chunk = Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' });
    expect(isChunkLoadError(chunk)).toBe(true);
    expect(isChunkLoadError(new Error('wrapper', { cause: chunk }))).toBe(true);
    expect(
      isChunkLoadError(new Error('[ Federation Runtime ]: RUNTIME-003 Failed to get manifest.')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('x is not a function'))).toBe(false);
  });
});
