import { failedTestCount, type TestCase, type TestData } from '@aerie/contract';
import { formatUtcDateTime } from '../../../devices';
import { reportMessages } from '../messages';

const m = reportMessages.tests;

/** One row of the results: a test case with where it sits in the run. */
export interface TestRow {
  /** Suite and case index, stable for the run. */
  id: string;
  test: TestCase;
  failed: boolean;
}

/** Every test case of a run, in the report's order (suite by suite). */
export function testRows(data: TestData): TestRow[] {
  return data.testsuites.flatMap((suite, s) =>
    suite.testcases.map((test, c) => ({ id: `${s}.${c}`, test, failed: test.status !== 0 })),
  );
}

/** 'PASS', or 'FAIL (n)' with the failing cases (spec 001 §2 "BIST report"). */
export function runStatus(data: TestData): { passed: boolean; label: string; failed: number } {
  const failed = failedTestCount(data);
  const passed = data.status === 0 && failed === 0;
  return { passed, failed, label: passed ? m.pass : m.fail(failed) };
}

/** When the run started and ended: the first suite's start, the last suite's stop (UTC). */
export function runPeriod(data: TestData): { start: string; end: string } {
  const first = data.testsuites[0];
  const last = data.testsuites[data.testsuites.length - 1];
  return {
    start: formatUtcDateTime(first?.starttime) ?? reportMessages.notAvailable,
    end: formatUtcDateTime(last?.stoptime) ?? reportMessages.notAvailable,
  };
}

/** The measured value, or the gamma values joined; empty when the test measured nothing. */
export function testValue(test: TestCase): string {
  if (test.value !== undefined) return String(test.value);
  if (test.gammavalues && test.gammavalues.length > 0) return test.gammavalues.join(', ');
  return '';
}
