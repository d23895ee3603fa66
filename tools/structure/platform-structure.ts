/**
 * The platform's structure, measured by dependency-cruiser (which parses and resolves every
 * import of `apps/platform/src`, type-only ones included) and judged by the domain map of
 * architecture.md:
 *
 * - a **cycle between domain folders** (`identity/` imports `wallet/`, which imports
 *   `identity/`, at any distance) ties them so neither can change or be tested alone;
 * - an **import from the shared kernel up into a domain** (`db/`, `lib/`, `context.ts`,
 *   `config.ts` importing `ops/` or `identity/`) makes the kernel depend on what depends on it.
 *
 * The target (issue #23) is no cycle and at most 2 kernel-up imports. Until the code gets there,
 * `platform-structure.known.json` lists what exists today, and the check fails on anything new: a
 * cycle edge or a kernel-up import that is not on the list. An entry that no longer exists is
 * reported so the list only shrinks (`--update` rewrites it after a restructuring).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cruise, type IModule } from 'dependency-cruiser';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE = 'apps/platform/src';
const KNOWN_FILE = path.join(import.meta.dirname, 'platform-structure.known.json');
/** The shared kernel: what every domain may import, and which imports no domain. */
export const KERNEL = new Set(['db', 'lib', 'context.ts', 'config.ts']);
/** The process's entry points wire every domain together; they are nobody's dependency. */
const ENTRY_POINTS = new Set(['main.ts', 'server.ts']);
export const TARGET_KERNEL_UP = 2;
/**
 * The build-time schema aggregate (drizzle-kit, the database client's typing) re-exports each
 * domain's table declarations (`<domain>/schema.ts` or `<domain>/schema/`): those imports are the
 * tables' one shared list, not the kernel reaching into a domain's code, so they are not counted.
 */
const SCHEMA_AGGREGATE = `${SOURCE}/db/schema/index.ts`;
const DOMAIN_SCHEMA = new RegExp(`^${SOURCE}/[^/]+/schema(\\.ts$|/)`);

export interface Structure {
  /** `from -> to` domain edges that lie on a cycle, sorted. */
  cycleEdges: string[];
  /** The domain cycles (strongly connected groups of domains), each sorted. */
  cycles: string[][];
  /** `file -> file` imports from the kernel into a domain, sorted. */
  kernelUp: string[];
}

/** The domain of a platform source file: its first folder, or the top-level file's name. */
export function domainOf(file: string): string | null {
  if (!file.startsWith(`${SOURCE}/`)) return null;
  return file.slice(SOURCE.length + 1).split('/')[0] ?? null;
}

/** Tarjan's strongly connected components of a directed graph. */
export function stronglyConnected(edges: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const lowlinks = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((to) => [...to])]);
  const visit = (node: string) => {
    indices.set(node, index);
    lowlinks.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowlinks.set(node, Math.min(lowlinks.get(node)!, lowlinks.get(next)!));
      } else if (onStack.has(next)) {
        lowlinks.set(node, Math.min(lowlinks.get(node)!, indices.get(next)!));
      }
    }
    if (lowlinks.get(node) === indices.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...nodes].sort()) if (!indices.has(node)) visit(node);
  return groups.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The structure of a module graph (dependency-cruiser's modules). */
export function structureOf(
  modules: readonly Pick<IModule, 'source' | 'dependencies'>[],
): Structure {
  const edges = new Map<string, Set<string>>();
  const kernelUp: string[] = [];
  for (const module of modules) {
    const from = domainOf(module.source);
    if (!from || ENTRY_POINTS.has(from)) continue;
    for (const dependency of module.dependencies) {
      const to = domainOf(dependency.resolved);
      if (!to || to === from || ENTRY_POINTS.has(to)) continue;
      const aggregated =
        module.source === SCHEMA_AGGREGATE && DOMAIN_SCHEMA.test(dependency.resolved);
      if (KERNEL.has(from) && !KERNEL.has(to) && !aggregated) {
        kernelUp.push(`${module.source} -> ${dependency.resolved}`);
      }
      // Every domain may import the kernel: cycles are counted between domains, and the
      // kernel's imports upward are the list above.
      if (KERNEL.has(from) || KERNEL.has(to)) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
    }
  }
  const cycles = stronglyConnected(edges);
  const inCycle = new Map(cycles.flatMap((group, i) => group.map((domain) => [domain, i])));
  const cycleEdges = [...edges]
    .flatMap(([from, targets]) =>
      [...targets]
        .filter((to) => inCycle.has(from) && inCycle.get(from) === inCycle.get(to))
        .map((to) => `${from} -> ${to}`),
    )
    .sort();
  return { cycleEdges, cycles, kernelUp: [...new Set(kernelUp)].sort() };
}

export async function measure(): Promise<Structure> {
  const result = await cruise(
    [SOURCE],
    {
      baseDir: ROOT,
      exclude: { path: String.raw`\.test\.tsx?$|/testing/` },
      doNotFollow: { path: 'node_modules' },
      tsPreCompilationDeps: true,
    },
    undefined,
    { tsConfig: { fileName: path.join(ROOT, 'apps/platform/tsconfig.json') } },
  );
  if (typeof result.output === 'string') throw new Error('dependency-cruiser gave no module list');
  return structureOf(result.output.modules);
}

function readKnown(): Pick<Structure, 'cycleEdges' | 'kernelUp'> {
  return JSON.parse(readFileSync(KNOWN_FILE, 'utf8')) as Pick<Structure, 'cycleEdges' | 'kernelUp'>;
}

/** What is new against the known list, and what on the list is gone. */
export function judge(
  now: Pick<Structure, 'cycleEdges' | 'kernelUp'>,
  known: Pick<Structure, 'cycleEdges' | 'kernelUp'>,
) {
  const added = (current: string[], listed: string[]) => current.filter((x) => !listed.includes(x));
  return {
    newCycleEdges: added(now.cycleEdges, known.cycleEdges),
    newKernelUp: added(now.kernelUp, known.kernelUp),
    goneCycleEdges: added(known.cycleEdges, now.cycleEdges),
    goneKernelUp: added(known.kernelUp, now.kernelUp),
  };
}

if (import.meta.main) {
  const now = await measure();
  if (process.argv.includes('--update')) {
    writeFileSync(
      KNOWN_FILE,
      `${JSON.stringify({ cycleEdges: now.cycleEdges, kernelUp: now.kernelUp }, null, 2)}\n`,
    );
  }
  const verdict = judge(now, readKnown());
  console.log(
    `platform structure: ${now.cycles.length} domain cycle(s) over ${now.cycleEdges.length} edge(s), ` +
      `${now.kernelUp.length} kernel-up import(s) (target: no cycle, at most ${TARGET_KERNEL_UP})`,
  );
  for (const group of now.cycles) console.log(`  cycle: ${group.join(' ↔ ')}`);
  for (const edge of verdict.goneCycleEdges) console.log(`  gone (remove from the list): ${edge}`);
  for (const edge of verdict.goneKernelUp) console.log(`  gone (remove from the list): ${edge}`);
  for (const edge of verdict.newCycleEdges) console.log(`  NEW cycle edge: ${edge}`);
  for (const edge of verdict.newKernelUp) console.log(`  NEW kernel-up import: ${edge}`);
  if (verdict.newCycleEdges.length + verdict.newKernelUp.length > 0) {
    console.log(
      '  A new import ties domains in a cycle or the kernel to a domain: go through the other ' +
        "domain's index.ts the other way round, or move the shared piece down (architecture.md).",
    );
    process.exit(1);
  }
}
