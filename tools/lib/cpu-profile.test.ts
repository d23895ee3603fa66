import { describe, expect, it } from 'vitest';
import { areaOf, formatProfile, summariseCpuProfile, type CpuProfile } from './cpu-profile.ts';

const frame = (functionName: string, url = '', lineNumber = 0) => ({
  functionName,
  url,
  lineNumber,
});

// Samples every 1,000 µs: idle, then the parts of a bet.
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)') },
    { id: 2, callFrame: frame('(idle)') },
    {
      id: 3,
      callFrame: frame(
        'walletTransaction',
        'file:///w/apps/platform/src/wallet/seamless/service.ts',
        253,
      ),
    },
    {
      id: 4,
      callFrame: frame(
        'parse',
        'file:///w/node_modules/.pnpm/pg-protocol@1.7.0/node_modules/pg-protocol/dist/parser.js',
        9,
      ),
    },
    { id: 5, callFrame: frame('(garbage collector)') },
    { id: 6, callFrame: frame('verify', 'node:internal/crypto/sig', 99) },
  ],
  startTime: 1_000_000,
  endTime: 1_010_000,
  samples: [2, 2, 3, 4, 4, 3, 5, 6, 4, 2],
  timeDeltas: [1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000],
};

describe('areaOf', () => {
  it('names a platform domain, a workspace package, an npm package (scoped too) and Node', () => {
    expect(areaOf('file:///w/apps/platform/src/wallet/ledger.ts', 'f')).toBe('platform/wallet');
    expect(areaOf('file:///w/packages/contract/src/index.ts', 'f')).toBe('@northstar/contract');
    expect(
      areaOf('file:///w/node_modules/.pnpm/fastify@5/node_modules/fastify/lib/route.js', 'f'),
    ).toBe('fastify');
    expect(
      areaOf('file:///w/node_modules/.pnpm/x/node_modules/@fastify/helmet/index.js', 'f'),
    ).toBe('@fastify/helmet');
    expect(areaOf('node:internal/streams/readable', 'f')).toBe('node internals');
    expect(areaOf('', '(garbage collector)')).toBe('(garbage collector)');
  });
});

describe('summariseCpuProfile', () => {
  it('counts self time per function and per area, idle left out', () => {
    const summary = summariseCpuProfile(profile);
    expect(summary.busyMs).toBe(7);
    expect(summary.areas.map((row) => [row.name, row.selfMs])).toEqual([
      ['pg-protocol', 3],
      ['platform/wallet', 2],
      ['(garbage collector)', 1],
      ['node internals', 1],
    ]);
    expect(summary.functions[0]).toEqual({
      name: 'parse pg-protocol:10',
      selfMs: 3,
      share: 3 / 7,
    });
  });

  it('reads only the last window of the profile', () => {
    // The last 4 ms hold the samples 5 (gc), 6 (verify), 4 (parse) and 2 (idle).
    const summary = summariseCpuProfile(profile, { windowMs: 4 });
    expect(summary.busyMs).toBe(3);
    expect(summary.windowMs).toBe(4);
    expect(summary.areas.map((row) => row.name).sort()).toEqual([
      '(garbage collector)',
      'node internals',
      'pg-protocol',
    ]);
  });

  it('prints the busy share of a core and each row with its share', () => {
    const lines = formatProfile('the bench', summariseCpuProfile(profile, { top: 1 }));
    expect(lines[0]).toContain('7 ms on the CPU in 10 ms (70 % of a core)');
    expect(lines).toContain('     42.9 %       3 ms  pg-protocol');
  });
});
