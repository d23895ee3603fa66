import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { api } from '../packages/contract/src/methods.ts';
import { VERB_EXCEPTIONS } from '../packages/shell-sdk/src/verbs.generated.ts';
import { methodRef } from '../packages/shell-sdk/src/api.ts';
import { browserVerbExceptions, refsOf, scannedSources } from './generate-verbs.ts';

/**
 * Issue #23: every method ref of every app names a method of the contract and takes its verb
 * from it. Refs are made only with shell-sdk's `methodRef(module, method)`, whose verb comes from
 * the map generated from the contract (tools/generate-verbs.ts), so this scans every app's and
 * package's sources for its calls.
 */
const ROOT = new URL('..', import.meta.url).pathname;
const scanned = scannedSources();
const found = scanned.map(({ file, text }) => refsOf(file, text));
const REFS = found.flatMap((f) => f.refs);

describe('every method ref of every app (#23)', () => {
  it('finds the refs of the shell, the remotes and shell-sdk', () => {
    const apps = new Set(REFS.map((ref) => path.relative(ROOT, ref.file).split(path.sep)[1]));
    expect([...apps]).toEqual(
      expect.arrayContaining(['shell', 'casino', 'cashier', 'auth', 'shell-sdk']),
    );
    expect(REFS.length).toBeGreaterThanOrEqual(50);
  });

  it('names a method of the contract, with the verb of its definition', () => {
    const modules = api as unknown as Record<string, Record<string, { http: string }>>;
    for (const ref of REFS) {
      const where = `${path.relative(ROOT, ref.file)}: ${ref.module}/${ref.method}`;
      const definition = modules[ref.module]?.[ref.method];
      expect(definition, where).toBeDefined();
      const made = (methodRef as (m: string, x: string) => { http: string })(
        ref.module,
        ref.method,
      );
      expect(made.http, where).toBe(definition!.http);
    }
  });

  it('takes verbs from a current map (stale: run `node tools/generate-verbs.ts`)', () => {
    expect(VERB_EXCEPTIONS).toEqual(browserVerbExceptions(REFS));
  });

  it('makes every ref with methodRef and literal names: none built by hand', () => {
    expect(found.flatMap((f) => f.loose)).toEqual([]);
    // The contract's own definitions are where the verbs come from.
    const handMade = scanned
      .filter(({ file }) => !file.startsWith(path.join(ROOT, 'packages', 'contract')))
      .filter(({ text }) => /\bhttp:\s*'(GET|POST)'/.test(text))
      .map(({ file }) => path.relative(ROOT, file));
    expect(handMade).toEqual([]);
  });
});
