import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { api } from '../packages/contract/src/methods.ts';
import { verbOf } from '../packages/shell-sdk/src/verbs.ts';

/**
 * Issue #23: every method ref of every app names a method of the contract, and takes its verb
 * from it. Refs are made only with shell-sdk's `methodRef(module, method)` (the verb comes from
 * the contract's verb map), so this scans every app's and package's sources for its calls.
 */
const ROOT = new URL('..', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const FILES = ['apps', 'packages'].flatMap((top) =>
  readdirSync(path.join(ROOT, top))
    .filter((name) => top === 'packages' || name !== 'platform')
    .flatMap((name) => {
      const src = path.join(ROOT, top, name, 'src');
      try {
        return sources(src);
      } catch {
        return [];
      }
    }),
);

interface Ref {
  file: string;
  module: string;
  method: string;
}

/** `methodRef('m', 'x')`, or `ref('m', 'x')` in a file that says `const ref = methodRef`. */
function refsOf(file: string, text: string): { refs: Ref[]; loose: string[] } {
  const names = ['methodRef', ...(/const (\w+) = methodRef;/.exec(text)?.slice(1) ?? [])];
  const refs: Ref[] = [];
  const loose: string[] = [];
  for (const name of names) {
    const call = new RegExp(`\\b${name}\\(([^)]*)\\)`, 'g');
    for (const match of text.matchAll(call)) {
      const literal = /^\s*'([^']+)',\s*'([^']+)'\s*,?\s*$/.exec(match[1] ?? '');
      // The definition in shell-sdk (`methodRef<…>(module, method)`) is not a call.
      if (text.slice(Math.max(0, match.index - 9), match.index).includes('function')) continue;
      if (literal) refs.push({ file, module: literal[1]!, method: literal[2]! });
      else loose.push(`${path.relative(ROOT, file)}: ${match[0]}`);
    }
  }
  return { refs, loose };
}

const scanned = FILES.map((file) => ({ file, text: readFileSync(file, 'utf8') }));
const found = scanned.map(({ file, text }) => refsOf(file, text));
const REFS = found.flatMap((f) => f.refs);

describe('every method ref of every app (#23)', () => {
  it('finds the refs of the shell, the remotes and shell-sdk', () => {
    const apps = new Set(REFS.map((ref) => path.relative(ROOT, ref.file).split(path.sep)[1]));
    expect([...apps]).toEqual(expect.arrayContaining(['shell', 'casino', 'cashier', 'auth']));
    expect(REFS.length).toBeGreaterThanOrEqual(50);
  });

  it('names a method of the contract, with the verb of its definition', () => {
    const modules = api as unknown as Record<string, Record<string, { http: string }>>;
    for (const ref of REFS) {
      const where = `${path.relative(ROOT, ref.file)}: ${ref.module}/${ref.method}`;
      const definition = modules[ref.module]?.[ref.method];
      expect(definition, where).toBeDefined();
      expect(verbOf(ref.module, ref.method), where).toBe(definition!.http);
    }
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
