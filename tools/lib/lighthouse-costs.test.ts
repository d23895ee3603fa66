import { describe, expect, it } from 'vitest';
import {
  pageMisses,
  remedies,
  shortUrl,
  topCosts,
  type LighthouseAudits,
} from './lighthouse-costs.ts';

/** The LCP breakdown insight's details: the phases' table, then the element. */
const lcpBreakdown = (phases: Record<string, unknown>[], node?: Record<string, unknown>) => ({
  details: {
    type: 'list',
    items: [{ type: 'table', items: phases }, ...(node ? [{ type: 'node', ...node }] : [])],
  },
});

const good = { score: 99, lcp: 1200, tbt: 40, cls: 0.001, jsBytes: 120 * 1024 };

describe('pageMisses (issue #28 targets)', () => {
  it('names nothing when every target is met, LCP measured against the static page', () => {
    expect(pageMisses('/', good, 1000)).toEqual([]);
  });

  it('names each missed target with its figure', () => {
    const misses = pageMisses(
      '/',
      { score: 95, lcp: 2600, tbt: 200, cls: 0.05, jsBytes: 180 * 1024 },
      1000,
    );
    expect(misses).toEqual([
      'score 95 < 98',
      'LCP 2.60× the static page > 1.5×',
      'TBT 200 ms > 100 ms',
      'CLS 0.050 > 0.02',
      'JS 180.0 KB > 150 KB',
    ]);
  });

  it('holds the JS budget to the home page only', () => {
    expect(pageMisses('/gamehall', { ...good, jsBytes: 400 * 1024 }, 1000)).toEqual([]);
  });

  it('takes 1.5× the static page as met and anything above as missed', () => {
    expect(pageMisses('/gamehall', { ...good, lcp: 1500 }, 1000)).toEqual([]);
    expect(pageMisses('/gamehall', { ...good, lcp: 1501 }, 1000)).toHaveLength(1);
  });
});

describe('topCosts', () => {
  const audits: LighthouseAudits = {
    'lcp-breakdown-insight': lcpBreakdown(
      [
        { subpart: 'timeToFirstByte', label: 'Time to first byte', duration: 12.4 },
        { subpart: 'elementRenderDelay', label: 'Element render delay', duration: 310.6 },
      ],
      { snippet: '<h1 class="hero">', selector: 'main > h1' },
    ),
    'render-blocking-insight': {
      details: {
        type: 'table',
        items: [{ url: 'http://127.0.0.1:4000/fonts/inter.css', wastedMs: 150 }],
      },
    },
    'bootup-time': {
      details: {
        type: 'table',
        items: [
          {
            url: 'http://127.0.0.1:4000/js/main.abc.js',
            total: 420,
            scripting: 380,
            scriptParseCompile: 40,
          },
          {
            url: 'http://127.0.0.1:4000/js/react.def.js',
            total: 210,
            scripting: 200,
            scriptParseCompile: 10,
          },
        ],
      },
    },
    'mainthread-work-breakdown': {
      details: {
        type: 'table',
        items: [{ group: 'scriptEvaluation', groupLabel: 'Script Evaluation', duration: 700 }],
      },
    },
    'long-tasks': {
      details: {
        type: 'table',
        items: [{ url: 'http://127.0.0.1:4000/js/main.abc.js', startTime: 900.2, duration: 180.7 }],
      },
    },
  };

  it('prints the LCP breakdown and element, blocking requests, scripts, work and long tasks', () => {
    expect(topCosts(audits)).toEqual([
      '  LCP breakdown (observed, unthrottled)',
      '    Time to first byte: 12 ms',
      '    Element render delay: 311 ms',
      '    element: <h1 class="hero">',
      '  render-blocking requests',
      '    /fonts/inter.css  150 ms',
      '  scripts by main-thread time (total / evaluation / parse+compile)',
      '    /js/main.abc.js  420 ms / 380 ms / 40 ms',
      '    /js/react.def.js  210 ms / 200 ms / 10 ms',
      '  main-thread work by kind',
      '    Script Evaluation: 700 ms',
      '  long tasks (start, duration)',
      '    /js/main.abc.js  at 900 ms, 181 ms',
    ]);
  });

  it('keeps only the top rows of each heading and leaves out audits a result lacks', () => {
    const lines = topCosts({ 'bootup-time': audits['bootup-time'] }, 1);
    expect(lines).toEqual([
      '  scripts by main-thread time (total / evaluation / parse+compile)',
      '    /js/main.abc.js  420 ms / 380 ms / 40 ms',
    ]);
  });

  it('shortens a long address from its end and keeps a non-address as it is', () => {
    expect(shortUrl(`http://x.test/${'a'.repeat(80)}.js`, 10)).toBe('…aaaaaa.js');
    expect(shortUrl('Unattributable')).toBe('Unattributable');
  });
});

describe('remedies', () => {
  const table = (items: Record<string, unknown>[]) => ({ details: { type: 'table', items } });
  const audits: LighthouseAudits = {
    'lcp-breakdown-insight': lcpBreakdown([
      { subpart: 'resourceLoadDelay', duration: 400 },
      { subpart: 'elementRenderDelay', duration: 50 },
    ]),
    'render-blocking-insight': table([{ url: 'http://x.test/fonts.css', wastedMs: 150 }]),
    'bootup-time': table([
      { url: 'http://x.test/vendor.js', total: 500 },
      { url: 'http://x.test/main.js', total: 200 },
      { url: 'Unattributable', total: 900 },
    ]),
    'mainthread-work-breakdown': table([
      { group: 'styleLayout', duration: 800 },
      { group: 'paintCompositeRender', duration: 400 },
    ]),
  };

  it('says nothing for a page that meets every target', () => {
    expect(remedies(audits, [])).toEqual([]);
  });

  it('names each cause the trace shows, scripts counted without the unattributable work', () => {
    const lines = remedies(audits, ['LCP 2.40× the static page > 1.5×', 'JS 180.0 KB > 150 KB']);
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^inline or defer the 1 render-blocking request/);
    expect(lines[1]).toMatch(/LCP image is found late/);
    expect(lines[2]).toMatch(
      /^700 ms of script before the page settles \(\/vendor\.js, \/main\.js\)/,
    );
    expect(lines[3]).toMatch(/^1200 ms of style, layout and paint/);
    expect(lines[4]).toMatch(/^split what the first screen does not show/);
  });

  it('leaves out what the trace does not show', () => {
    const quiet: LighthouseAudits = {
      'bootup-time': table([{ url: 'http://x.test/a.js', total: 100 }]),
    };
    expect(remedies(quiet, ['TBT 200 ms > 100 ms'])).toEqual([]);
    expect(remedies(quiet, ['CLS 0.050 > 0.02'])).toEqual([
      'reserve the space of what arrives late (sizes, placeholders)',
    ]);
  });
});
