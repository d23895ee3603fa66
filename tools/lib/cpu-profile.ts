/**
 * Where a process spent its CPU, from a V8 `.cpuprofile` (`node --cpu-prof`): the benches start
 * the platform with `BENCH_CPU_PROF=1` and print the functions and the areas (our domains, our
 * packages, each npm package, Node's internals, the garbage collector) with the most self time
 * over the measured window only. Pure functions of the profile, so a unit test reads a fixture.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }[];
  /** Microseconds, on the profiler's own clock. */
  startTime: number;
  endTime: number;
  samples: number[];
  /** Microseconds before each sample. */
  timeDeltas: number[];
}

export interface CostRow {
  name: string;
  selfMs: number;
  /** Of the busy time (idle left out). */
  share: number;
}

export interface ProfileSummary {
  /** Milliseconds the process was on the CPU in the window (samples not idle). */
  busyMs: number;
  windowMs: number;
  functions: CostRow[];
  areas: CostRow[];
}

/** `--cpu-prof` arguments for a process whose profile goes to `dir`, when `BENCH_CPU_PROF=1`. */
export function cpuProfileArgs(dir: string): string[] {
  return process.env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

/** The area a script belongs to: a platform domain, a workspace package, an npm package, … */
export function areaOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const packages = url.split('/node_modules/');
  if (packages.length > 1) {
    const rest = packages.at(-1)!.split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const platform = /\/apps\/platform\/src\/([^/]+)\//.exec(url);
  if (platform) return `platform/${platform[1]}`;
  const workspace = /\/packages\/([^/]+)\//.exec(url);
  if (workspace) return `@northstar/${workspace[1]}`;
  return path.basename(url);
}

const rows = (costs: Map<string, number>, busy: number, top: number): CostRow[] =>
  [...costs]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, micros]) => ({ name, selfMs: micros / 1000, share: busy ? micros / busy : 0 }));

/**
 * Self time per function and per area over the profile's last `windowMs` (the whole profile
 * when not given): the measured run, when the process exits right after it.
 */
export function summariseCpuProfile(
  profile: CpuProfile,
  options: { windowMs?: number; top?: number } = {},
): ProfileSummary {
  const top = options.top ?? 12;
  const from =
    options.windowMs === undefined ? -Infinity : profile.endTime - options.windowMs * 1000;
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const functions = new Map<string, number>();
  const areas = new Map<string, number>();
  let busy = 0;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    // A sample stands for the delta before it: one taken at the window's start is outside it.
    if (at <= from) continue;
    const frame = byId.get(profile.samples[i]!);
    if (!frame || frame.functionName === '(idle)') continue;
    busy += delta;
    const where = frame.url
      ? `${areaOf(frame.url, frame.functionName)}:${frame.lineNumber + 1}`
      : '';
    const name = `${frame.functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + delta);
    const area = areaOf(frame.url, frame.functionName);
    areas.set(area, (areas.get(area) ?? 0) + delta);
  }
  const windowMs = (profile.endTime - Math.max(from, profile.startTime)) / 1000;
  return {
    busyMs: busy / 1000,
    windowMs,
    functions: rows(functions, busy, top),
    areas: rows(areas, busy, top),
  };
}

/** Printable lines of a summary. */
export function formatProfile(label: string, summary: ProfileSummary): string[] {
  const line = (row: CostRow) =>
    `    ${(100 * row.share).toFixed(1).padStart(5)} %  ${row.selfMs.toFixed(0).padStart(6)} ms  ${row.name}`;
  return [
    `\nCPU profile of ${label}: ${summary.busyMs.toFixed(0)} ms on the CPU in ${summary.windowMs.toFixed(0)} ms ` +
      `(${((100 * summary.busyMs) / Math.max(1, summary.windowMs)).toFixed(0)} % of a core)`,
    '  self time by area',
    ...summary.areas.map(line),
    '  self time by function',
    ...summary.functions.map(line),
  ];
}

/** Prints the newest profile in `dir` over its last `windowMs`, when profiling was asked for. */
export function printCpuProfile(dir: string, label: string, windowMs: number): void {
  if (process.env.BENCH_CPU_PROF !== '1') return;
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.cpuprofile'))
    .sort();
  if (files.length === 0) {
    console.log(`\nno CPU profile of ${label} in ${dir} (did the process exit cleanly?)`);
    return;
  }
  const file = path.join(dir, files.at(-1)!);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  for (const line of formatProfile(label, summariseCpuProfile(profile, { windowMs }))) {
    console.log(line);
  }
  console.log(`  (the whole profile: ${file}; open it in Chrome DevTools' Performance panel)`);
}
