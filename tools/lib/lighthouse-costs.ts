/**
 * Issue #28's page targets and, for a page that misses one, where its time went, read from a
 * Lighthouse result (`lhr`): the LCP element and its breakdown, the render-blocking requests, the
 * scripts that cost the main thread most, the main thread's work by kind and the long tasks.
 * Pure functions of the result, so `pnpm perf` prints them and a unit test reads a fixture.
 */

export interface PageFigures {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsBytes: number;
}

/** The targets of issue #28 (Lighthouse mobile, simulated throttling). */
export const PAGE_TARGETS = {
  score: 98,
  /** LCP at most this many times the static one-image page's of the same run. */
  lcpRatio: 1.5,
  tbtMs: 100,
  cls: 0.02,
  /** Script bytes of `/` over the wire (gzip or brotli). */
  homeJsBytes: 150 * 1024,
};

/** What a page misses of the targets, in words; empty when it meets every one. */
export function pageMisses(
  name: string,
  figures: PageFigures,
  baselineLcp: number,
  targets = PAGE_TARGETS,
): string[] {
  const misses: string[] = [];
  if (figures.score < targets.score) misses.push(`score ${figures.score} < ${targets.score}`);
  const ratio = figures.lcp / baselineLcp;
  if (ratio > targets.lcpRatio) {
    misses.push(`LCP ${ratio.toFixed(2)}× the static page > ${targets.lcpRatio}×`);
  }
  if (figures.tbt > targets.tbtMs) {
    misses.push(`TBT ${figures.tbt.toFixed(0)} ms > ${targets.tbtMs} ms`);
  }
  if (figures.cls > targets.cls) misses.push(`CLS ${figures.cls.toFixed(3)} > ${targets.cls}`);
  if (name === '/' && figures.jsBytes > targets.homeJsBytes) {
    misses.push(
      `JS ${(figures.jsBytes / 1024).toFixed(1)} KB > ${(targets.homeJsBytes / 1024).toFixed(0)} KB`,
    );
  }
  return misses;
}

/** The parts of a Lighthouse result read here (LH 12 and 13 agree on them). */
export interface LighthouseAudits {
  [id: string]: { numericValue?: number; details?: unknown } | undefined;
}

interface Table {
  type: 'table' | 'list' | string;
  items?: Record<string, unknown>[];
}

const tableOf = (details: unknown): Table | null =>
  details && typeof details === 'object' ? (details as Table) : null;

const itemsOf = (details: unknown): Record<string, unknown>[] => tableOf(details)?.items ?? [];

/** A request's address without the origin, cut to `width` characters. */
export function shortUrl(url: unknown, width = 60): string {
  const text = String(url ?? '');
  let short = text;
  try {
    const parsed = new URL(text);
    short = parsed.pathname + parsed.search;
  } catch {
    // not a URL ("Other", "Unattributable"): kept as it is
  }
  return short.length > width ? `…${short.slice(short.length - width + 1)}` : short;
}

const ms = (value: unknown) => `${Math.round(Number(value ?? 0))} ms`;

/**
 * Where a page's time went, as printable lines: each heading with its top `top` rows. Audits a
 * result lacks (an older Lighthouse, a page with no long task) are left out.
 */
export function topCosts(audits: LighthouseAudits, top = 5): string[] {
  const lines: string[] = [];
  const section = (title: string, rows: string[]) => {
    if (rows.length) lines.push(`  ${title}`, ...rows.map((row) => `    ${row}`));
  };

  // The LCP breakdown (observed trace) and its element.
  const lcp = itemsOf(audits['lcp-breakdown-insight']?.details);
  const phases = lcp.find((item) => item['type'] === 'table');
  const node = lcp.find((item) => item['type'] === 'node');
  section('LCP breakdown (observed, unthrottled)', [
    ...itemsOf(phases).map(
      (row) => `${String(row['label'] ?? row['subpart'])}: ${ms(row['duration'])}`,
    ),
    ...(node
      ? [`element: ${String(node['snippet'] ?? node['selector'] ?? '?').slice(0, 100)}`]
      : []),
  ]);

  section(
    'render-blocking requests',
    itemsOf(audits['render-blocking-insight']?.details)
      .slice(0, top)
      .map((row) => `${shortUrl(row['url'])}  ${ms(row['wastedMs'])}`),
  );

  section(
    'scripts by main-thread time (total / evaluation / parse+compile)',
    itemsOf(audits['bootup-time']?.details)
      .slice(0, top)
      .map(
        (row) =>
          `${shortUrl(row['url'])}  ${ms(row['total'])} / ${ms(row['scripting'])} / ${ms(row['scriptParseCompile'])}`,
      ),
  );

  section(
    'main-thread work by kind',
    itemsOf(audits['mainthread-work-breakdown']?.details)
      .slice(0, top)
      .map((row) => `${String(row['groupLabel'] ?? row['group'])}: ${ms(row['duration'])}`),
  );

  section(
    'long tasks (start, duration)',
    itemsOf(audits['long-tasks']?.details)
      .slice(0, top)
      .map((row) => `${shortUrl(row['url'])}  at ${ms(row['startTime'])}, ${ms(row['duration'])}`),
  );
  return lines;
}

/**
 * What would close the rest, read from the same result: one line per cause the trace shows, in
 * the order of their effect on the targets. Rules of thumb, not a diagnosis; the costs above are
 * the evidence for each.
 */
export function remedies(audits: LighthouseAudits, misses: string[]): string[] {
  if (misses.length === 0) return [];
  const lines: string[] = [];
  const lcp = itemsOf(audits['lcp-breakdown-insight']?.details);
  const phases = new Map(
    itemsOf(lcp.find((item) => item['type'] === 'table')).map((row) => [
      String(row['subpart']),
      Number(row['duration'] ?? 0),
    ]),
  );
  const blocking = itemsOf(audits['render-blocking-insight']?.details);
  const scripts = itemsOf(audits['bootup-time']?.details).filter((row) =>
    /\.js(\?|$)/.test(String(row['url'] ?? '')),
  );
  const scriptMs = scripts.reduce((sum, row) => sum + Number(row['total'] ?? 0), 0);
  const work = new Map(
    itemsOf(audits['mainthread-work-breakdown']?.details).map((row) => [
      String(row['group']),
      Number(row['duration'] ?? 0),
    ]),
  );
  const missed = (what: string) => misses.some((miss) => miss.startsWith(what));

  if (blocking.length > 0) {
    lines.push(
      `inline or defer the ${blocking.length} render-blocking request(s): they hold the first paint`,
    );
  }
  if ((missed('LCP') || missed('score')) && (phases.get('resourceLoadDelay') ?? 0) > 150) {
    lines.push(
      'the LCP image is found late: preload it (fetchpriority=high) or put it in the HTML',
    );
  }
  if ((missed('LCP') || missed('TBT') || missed('score')) && scriptMs > 300) {
    const largest = scripts
      .slice(0, 2)
      .map((row) => shortUrl(row['url'], 40))
      .join(', ');
    lines.push(
      `${Math.round(scriptMs)} ms of script before the page settles (${largest}): let the LCP ` +
        'paint before hydration starts, hydrate what is visible first, and move what the first ' +
        'screen does not show out of the first chunks (the simulation multiplies this by 4)',
    );
  }
  const paintMs = (work.get('styleLayout') ?? 0) + (work.get('paintCompositeRender') ?? 0);
  if (paintMs > 1000) {
    lines.push(
      `${Math.round(paintMs)} ms of style, layout and paint: look for animations of properties ` +
        'the compositor cannot move (background-position, sizes, top/left) and large DOMs',
    );
  }
  if (missed('JS')) {
    lines.push(
      'split what the first screen does not show out of its scripts (tools/budget.ts lists them)',
    );
  }
  if (missed('CLS')) lines.push('reserve the space of what arrives late (sizes, placeholders)');
  return lines;
}
