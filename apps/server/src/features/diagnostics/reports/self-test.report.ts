/**
 * The BIST and POST reports (spec 001 §2 "BIST report", "POST report", §3 "Test data"): the
 * self-test files `tests/post`, `tests/post.0` … `post.9` (docs/formats/kdp.md, "Self tests").
 */
import {
  postRunNames,
  testDataSchema,
  type BistReport,
  type PostReport,
  type TestRun,
} from '@aerie/contract';
import { POST_ENTRIES } from '@aerie/kdp';
import { decodeText, isoTime, readCapped, type BundleContents } from './bundle-contents.js';
import { REPORT_MESSAGES } from './reports.messages.js';

/** The most of a self-test report that is read and parsed (decision 039); real ones are ~5 KB. */
export const TEST_REPORT_MAX_BYTES = 8 * 1024 * 1024;

const P = REPORT_MESSAGES.testRunProblem;

/** The run names of the contract (`post`, `post.0` …) with their paths in the bundle. */
export const SELF_TEST_RUNS: readonly { name: string; path: string }[] = postRunNames.map(
  (name, i) => ({
    name,
    path: POST_ENTRIES[i] ?? `tests/${name}`,
  }),
);

/**
 * One run: `timestamp` is the file's time (when the antenna wrote the report, at the end of the
 * run). A missing file is a run with nothing (data and problem null); a file that cannot be shown
 * has a `problem` instead of `data`.
 */
export async function readTestRun(
  contents: BundleContents,
  name: string,
  path: string,
): Promise<TestRun> {
  const { stat, bytes } = await readCapped(contents, path, TEST_REPORT_MAX_BYTES);
  if (stat === null) return { name, timestamp: null, data: null, problem: null };
  const timestamp = isoTime(stat.mtime);
  const failed = (problem: string): TestRun => ({ name, timestamp, data: null, problem });
  if (bytes === null) {
    return failed(
      stat.size > TEST_REPORT_MAX_BYTES
        ? P.tooLarge(TEST_REPORT_MAX_BYTES / 1024 / 1024)
        : P.unreadable,
    );
  }
  const text = decodeText(bytes);
  if (text === null) return failed(P.notJson);
  if (text.trim() === '') return failed(P.empty);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return failed(P.notJson);
  }
  const parsed = testDataSchema.safeParse(json);
  return parsed.success
    ? { name, timestamp, data: parsed.data, problem: null }
    : failed(P.wrongShape);
}

/** The BIST report: the latest self test, `tests/post`. Throws only when `contents` does. */
export async function buildBistReport(contents: BundleContents): Promise<BistReport> {
  const latest = SELF_TEST_RUNS[0] ?? { name: 'post', path: 'tests/post' };
  return { run: await readTestRun(contents, latest.name, latest.path) };
}

/**
 * The POST report: all eleven runs, `post` then `post.0` … `post.9`, present or not. A missing
 * one is listed with data, problem and timestamp null rather than left out: the screen has a
 * fixed tab for each (spec 001 §2 "tabs post and post.0 to post.9"), so tab k is always
 * `runs[k]` and an empty tab can say the antenna did not keep that run. Throws only when
 * `contents` does.
 */
export async function buildPostReport(contents: BundleContents): Promise<PostReport> {
  const runs = await Promise.all(
    SELF_TEST_RUNS.map((run) => readTestRun(contents, run.name, run.path)),
  );
  return { runs };
}
