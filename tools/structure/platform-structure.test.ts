import { describe, expect, it } from 'vitest';
import { judge, structureOf } from './platform-structure.ts';

const file = (name: string, ...imports: string[]) => ({
  source: `apps/platform/src/${name}`,
  dependencies: imports.map((target) => ({ resolved: `apps/platform/src/${target}` })),
});
type Modules = Parameters<typeof structureOf>[0];

describe('the platform structure check', () => {
  it('finds a cycle between domains at any distance, and no cycle through the kernel', () => {
    const structure = structureOf([
      file('identity/index.ts', 'wallet/index.ts', 'db/client.ts', 'lib/money.ts'),
      file('wallet/index.ts', 'responsible/index.ts', 'db/client.ts'),
      file('responsible/index.ts', 'identity/index.ts'),
      file('games/index.ts', 'wallet/index.ts', 'context.ts'),
      file('db/client.ts'),
      file('server.ts', 'identity/index.ts', 'games/index.ts'),
    ] as unknown as Modules);
    expect(structure.cycles).toEqual([['identity', 'responsible', 'wallet']]);
    expect(structure.cycleEdges).toEqual([
      'identity -> wallet',
      'responsible -> identity',
      'wallet -> responsible',
    ]);
    expect(structure.kernelUp).toEqual([]);
  });

  it('lists every import from the kernel up into a domain', () => {
    const structure = structureOf([
      file('db/client.ts', 'ops/index.ts'),
      file('db/seed.ts', 'identity/index.ts', 'db/client.ts'),
      file('lib/money.ts', 'context.ts'),
      // The build-time schema aggregate re-exports the domains' tables: not counted; anything
      // else it imported from a domain would be.
      file('db/schema/index.ts', 'wallet/schema.ts', 'games/schema/rounds.ts', 'ops/index.ts'),
      file('ops/index.ts', 'lib/money.ts'),
    ] as unknown as Modules);
    expect(structure.kernelUp).toEqual([
      'apps/platform/src/db/client.ts -> apps/platform/src/ops/index.ts',
      'apps/platform/src/db/schema/index.ts -> apps/platform/src/ops/index.ts',
      'apps/platform/src/db/seed.ts -> apps/platform/src/identity/index.ts',
    ]);
    expect(structure.cycles).toEqual([]);
  });

  it("does not count the schema aggregate's re-exports of domain tables, only its other imports", () => {
    const structure = structureOf([
      file('db/schema/index.ts', 'identity/schema.ts', 'wallet/schema/ledger.ts', 'db/schema/x.ts'),
      file('db/schema/x.ts', 'identity/index.ts'),
      file('db/client.ts', 'db/schema/index.ts'),
      file('db/seed.ts', 'identity/schema.ts'),
      file('identity/schema.ts', 'db/schema/columns.ts'),
    ] as unknown as Modules);
    expect(structure.kernelUp).toEqual([
      'apps/platform/src/db/schema/x.ts -> apps/platform/src/identity/index.ts',
      'apps/platform/src/db/seed.ts -> apps/platform/src/identity/schema.ts',
    ]);
  });

  it('fails on what is new against the known list and reports what is gone', () => {
    const verdict = judge(
      { cycleEdges: ['a -> b', 'b -> a', 'b -> c', 'c -> b'], kernelUp: ['db/x -> ops/y'] },
      { cycleEdges: ['a -> b', 'b -> a'], kernelUp: ['db/x -> ops/y', 'db/seed -> wallet/i'] },
    );
    expect(verdict.newCycleEdges).toEqual(['b -> c', 'c -> b']);
    expect(verdict.newKernelUp).toEqual([]);
    expect(verdict.goneKernelUp).toEqual(['db/seed -> wallet/i']);
  });
});
