/**
 * Adds up the unit/integration (Vitest) and end-to-end (Playwright) results of a run into one closing
 * line, "tests: N passed, N failed, N skipped", and exits non-zero when anything failed or nothing ran.
 * The names of failed tests are printed just above that line, because a CI log is often read from its tail.
 */
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const failures: string[] = [];

interface VitestAssertion {
  fullName?: string;
  status?: string;
  failureMessages?: string[];
}
interface VitestFile {
  name?: string;
  message?: string;
  status?: string;
  assertionResults?: VitestAssertion[];
}

const firstLine = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .find((l) => l.trim())
    ?.slice(0, 300) ?? '';

const vitestFile = 'test-results/vitest.json';
if (existsSync(vitestFile)) {
  const v = JSON.parse(readFileSync(vitestFile, 'utf8')) as Record<string, number> & {
    testResults?: VitestFile[];
  };
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  for (const file of v.testResults ?? []) {
    const where = (file.name ?? '').replace(`${process.cwd()}/`, '');
    const failedTests = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failedTests)
      failures.push(`vitest ${where} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    if (failedTests.length === 0 && file.status === 'failed')
      failures.push(`vitest ${where}: ${firstLine(file.message)}`);
  }
}

interface PwSpec {
  title: string;
  ok: boolean;
  tests?: { results?: { error?: { message?: string } }[] }[];
}
interface PwSuite {
  title: string;
  specs?: PwSpec[];
  suites?: PwSuite[];
}
const e2eFile = 'test-results/e2e.json';
if (existsSync(e2eFile)) {
  const report = JSON.parse(readFileSync(e2eFile, 'utf8')) as {
    stats: Record<string, number>;
    suites?: PwSuite[];
  };
  const { stats } = report;
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
  const walk = (suite: PwSuite, path: string[]) => {
    for (const spec of suite.specs ?? []) {
      if (spec.ok) continue;
      const error = spec.tests?.flatMap((t) => t.results ?? []).find((r) => r.error)?.error?.message;
      failures.push(`e2e ${[...path, spec.title].join(' › ')}: ${firstLine(error)}`);
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
}

for (const line of failures) console.log(`FAILED ${line}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failed > 0 || passed === 0) process.exit(1);
