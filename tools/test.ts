/**
 * `pnpm test`: every check the project has, in order, each run even when an earlier one failed:
 * type check of every project, ESLint, Prettier, the platform's structure, vitest, the e2e suite in Chromium (which builds
 * first) and the budget figures. Ends with one line counting the tests that ran.
 */
import { existsSync, globSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { run, WORKSPACE_ROOT } from './lib/run.ts';

const artifacts = path.join(WORKSPACE_ROOT, 'e2e/artifacts');
mkdirSync(artifacts, { recursive: true });
const vitestJson = path.join(artifacts, 'vitest.json');
const vitestPgJson = path.join(artifacts, 'vitest-postgres.json');
const playwrightJson = path.join(artifacts, 'results.json');
rmSync(vitestJson, { force: true });
rmSync(vitestPgJson, { force: true });
rmSync(playwrightJson, { force: true });

// In CI the PostgreSQL pass is mandatory: the ledger's concurrency tests only race for real there
// (PGlite runs one transaction at a time). .ci/run starts the server and sets TEST_DATABASE_URL.
if (process.env.CI === 'true' && !process.env.TEST_DATABASE_URL) {
  console.error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL pass cannot be skipped.');
  process.exit(1);
}

/**
 * The test files of the PostgreSQL pass: the platform's and the API client's that open a database
 * (a test server, a test database or the model harness, which make one per file). A file of pure
 * rules (the engines' RTP, the arithmetic) has nothing to learn from a second database, and the
 * kill -9 test is PGlite's own.
 */
function postgresTestFiles(): string[] {
  const opensDatabase = /testing\/(test-server|test-database|model-harness)|TEST_DATABASE_URL/;
  return ['apps/platform/src/**/*.test.ts', 'packages/api-client/src/**/*.test.ts']
    .flatMap((pattern) => globSync(pattern, { cwd: WORKSPACE_ROOT }))
    .filter((file) => !file.endsWith('durability.test.ts'))
    .filter((file) => opensDatabase.test(readFileSync(path.join(WORKSPACE_ROOT, file), 'utf8')))
    .sort();
}

const steps: { name: string; command: string; args: string[]; env?: NodeJS.ProcessEnv }[] = [
  {
    name: 'type check',
    command: 'nx',
    args: ['run-many', '-t', 'typecheck', '--parallel=2', '--outputStyle=static'],
  },
  { name: 'eslint', command: 'eslint', args: ['.', '--max-warnings=0'] },
  { name: 'prettier', command: 'prettier', args: ['--check', '.'] },
  // The platform's domain map (architecture.md), measured by dependency-cruiser: no new cycle
  // between domain folders, no new import from the kernel up into a domain.
  { name: 'structure', command: 'node', args: ['tools/structure/platform-structure.ts'] },
  {
    name: 'vitest',
    command: 'vitest',
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
    // The first pass is on the embedded PGlite, whatever the environment says.
    env: { TEST_DATABASE_URL: '' },
  },
  // With TEST_DATABASE_URL (CI starts Debian's PostgreSQL), the platform's integration suite runs
  // a second time against it, one database per test file (postgresTestFiles).
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'vitest (PostgreSQL)',
          command: 'vitest',
          args: [
            'run',
            ...postgresTestFiles(),
            '--reporter=default',
            '--reporter=json',
            `--outputFile.json=${vitestPgJson}`,
          ],
        },
      ]
    : []),
  { name: 'e2e', command: 'playwright', args: ['test', '-c', 'e2e/playwright.config.ts'] },
  { name: 'budget', command: 'node', args: ['tools/budget.ts'] },
];

const results: { name: string; code: number; seconds: number }[] = [];
for (const step of steps) {
  console.log(`\n━━ ${step.name} ━━`);
  const started = Date.now();
  const code = await run(step.command, step.args, step.env);
  results.push({ name: step.name, code, seconds: (Date.now() - started) / 1000 });
}

function readJson<T>(file: string): T | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null;
}
type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[];
  }[];
};
const vitest = readJson<VitestReport>(vitestJson);
const vitestPg = readJson<VitestReport>(vitestPgJson);
const playwright = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(
  playwrightJson,
);
const passed =
  (vitest?.numPassedTests ?? 0) +
  (vitestPg?.numPassedTests ?? 0) +
  (playwright?.stats.expected ?? 0);
const failed =
  (vitest?.numFailedTests ?? 0) +
  (vitestPg?.numFailedTests ?? 0) +
  (playwright ? playwright.stats.unexpected : 0);
const flaky = playwright?.stats.flaky ?? 0;

console.log('\n━━ summary ━━');
for (const r of results) {
  console.log(`${r.code === 0 ? 'ok  ' : 'FAIL'}  ${r.name.padEnd(20)} ${r.seconds.toFixed(1)} s`);
}
const failedSteps = results.filter((r) => r.code !== 0).length;
console.log(`checks: ${results.length - failedSteps} passed, ${failedSteps} failed`);
console.log(`tests: ${passed} passed, ${failed} failed`);
if (flaky > 0) {
  console.log(
    `e2e: ${flaky} flaky (failed, then passed on the retry; see e2e/artifacts/results.json)`,
  );
}
// What failed, by name, at the very end: CI shows only the tail of this output.
for (const [pass, report] of [
  ['vitest', vitest],
  ['vitest (PostgreSQL)', vitestPg],
] as const) {
  for (const file of report?.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name);
    const failures = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    if (failures.length === 0 && file.status === 'failed') {
      console.log(`${pass} FAIL ${where}: ${firstLine(file.message)}`);
    }
    for (const failure of failures) {
      console.log(
        `${pass} FAIL ${where} › ${failure.fullName}: ${firstLine(failure.failureMessages?.[0])}`,
      );
    }
  }
}
type PlaywrightSuite = {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    tests: {
      status: string;
      results?: {
        retry: number;
        status: string;
        errors?: { message?: string; location?: { file: string; line: number } }[];
      }[];
    }[];
  }[];
};
const walk = (suite: PlaywrightSuite, trail: string[]): void => {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
      const name = [...trail, spec.title].filter(Boolean).join(' › ');
      console.log(`e2e ${test.status === 'flaky' ? 'FLAKY' : 'FAIL'} ${spec.file} › ${name}`);
      // Each failed attempt's errors and the lines that threw: the artifacts stay on the CI machine.
      for (const result of test.results ?? []) {
        if (result.status === 'passed' || result.status === 'skipped') continue;
        console.log(`    try ${result.retry + 1}: ${result.status}`);
        for (const error of result.errors ?? []) {
          const at = error.location
            ? `${path.basename(error.location.file)}:${error.location.line} `
            : '';
          console.log(`      ${at}${firstLine(error.message)}`);
        }
      }
    }
  }
  for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
};
for (const suite of readJson<{ suites?: PlaywrightSuite[] }>(playwrightJson)?.suites ?? []) {
  walk(suite, []);
}
function firstLine(message: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const plain = (message ?? '').replace(/\u001b\[[0-9;]*m/g, '').trim();
  return plain.split('\n').slice(0, 2).join(' ⏎ ').slice(0, 300);
}
process.exit(failedSteps === 0 && failed === 0 && passed > 0 ? 0 : 1);
