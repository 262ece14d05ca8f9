import { failedTestCount, postReportSchema, postRunNames, type TestRun } from '@aerie/contract';
import { BIST_CASE_COUNT, POST_ENTRIES } from '@aerie/kdp';
import { describe, expect, it } from 'vitest';
import type { BundleContents } from './bundle-contents.js';
import { FIXTURE_TIME, generatedFiles, memoryContents } from './bundle-contents.test-setup.js';
import {
  buildBistReport,
  buildPostReport,
  SELF_TEST_RUNS,
  TEST_REPORT_MAX_BYTES,
} from './self-test.report.js';

const validReport = {
  acuserialnumber: 'ACU-0042',
  asmserialnumber: 'ASM-1177',
  antennaserialnumber: 'KYM-2411234',
  status: 0,
  testsuites: [
    {
      starttime: '2026-11-22T11:58:02.000Z',
      stoptime: '2026-11-22T11:58:09.412Z',
      testcases: [
        { name: 'lnaCurrent', classname: 'rf', status: 0, message: '', time: 0.21, value: 0.82 },
        { name: 'rxPllLock', classname: 'rf', status: 0, message: '', time: 0.5, value: 'locked' },
        {
          name: 'gammaSweep',
          classname: 'rf',
          status: 0,
          message: '',
          time: 3.5,
          gammavalues: [-14.2, -13.9],
        },
      ],
    },
  ],
};

async function bistOf(body: string | Buffer): Promise<TestRun> {
  return (await buildBistReport(memoryContents({ 'tests/post': body }))).run;
}

describe('buildBistReport', () => {
  it('reads the latest run of a generated bundle and counts its failing cases', async () => {
    const files = await generatedFiles({ bistFailures: 3, seed: 11 });
    const { run } = await buildBistReport(memoryContents(files));

    expect(run.name).toBe('post');
    expect(run.problem).toBeNull();
    expect(run.timestamp).toBe(files.get('tests/post')?.mtime.toISOString());
    expect(run.data).not.toBeNull();
    if (run.data === null) return;
    expect(failedTestCount(run.data)).toBe(3);
    expect(run.data.status).toBeGreaterThanOrEqual(100);
    expect(run.data.antennaserialnumber).toBe('KYM-2411234');
    const cases = run.data.testsuites.flatMap((s) => s.testcases);
    expect(cases).toHaveLength(BIST_CASE_COUNT);
    const failing = cases.filter((c) => c.status !== 0);
    expect(failing.every((c) => c.message !== '')).toBe(true);
  });

  it('keeps gamma values and text values of test cases', async () => {
    const run = await bistOf(JSON.stringify(validReport));

    expect(run.problem).toBeNull();
    expect(run.data?.testsuites[0]?.testcases).toEqual(validReport.testsuites[0]?.testcases);
    expect(run.data !== null && failedTestCount(run.data)).toBe(0);
  });

  it('reads a passing generated run as passing', async () => {
    const { run } = await buildBistReport(
      memoryContents(await generatedFiles({ bistFailures: 0 })),
    );

    expect(run.data?.status).toBe(0);
    expect(run.data !== null && failedTestCount(run.data)).toBe(0);
  });

  it('has nothing, and no problem, when the bundle has no report', async () => {
    expect((await buildBistReport(memoryContents({}))).run).toEqual({
      name: 'post',
      timestamp: null,
      data: null,
      problem: null,
    });
  });

  it('says the report is not JSON when it is malformed, not UTF-8 or binary', async () => {
    for (const body of [
      '{"status": 0,',
      Buffer.from([0x7b, 0xff, 0x7d]),
      Buffer.from([0x7b, 0x00, 0x7d]),
    ]) {
      expect(await bistOf(body)).toEqual({
        name: 'post',
        timestamp: FIXTURE_TIME.toISOString(),
        data: null,
        problem: 'The report is not valid JSON.',
      });
    }
  });

  it('says the report is empty', async () => {
    expect((await bistOf('\n')).problem).toBe('The report is empty.');
  });

  it('says the report does not have the expected fields', async () => {
    const wrong = [
      '[]',
      '"post"',
      JSON.stringify({ ...validReport, status: 'FAIL' }),
      JSON.stringify({ ...validReport, testsuites: [{ starttime: 'x', stoptime: 'y' }] }),
      JSON.stringify({ ...validReport, acuserialnumber: undefined }),
      JSON.stringify({
        ...validReport,
        testsuites: [
          {
            ...validReport.testsuites[0],
            testcases: [
              { name: 'x', classname: 'y', status: 0, message: '', time: 1, gammavalues: ['a'] },
            ],
          },
        ],
      }),
    ];
    for (const body of wrong) {
      const run = await bistOf(body);
      expect(run.data).toBeNull();
      expect(run.problem).toBe('The report does not have the expected fields.');
    }
  });

  it('does not read a report over 8 MiB', async () => {
    const contents = memoryContents({
      'tests/post': {
        bytes: Buffer.alloc(0),
        size: TEST_REPORT_MAX_BYTES + 1,
        mtime: FIXTURE_TIME,
      },
    });
    const { run } = await buildBistReport(contents);

    expect(run).toEqual({
      name: 'post',
      timestamp: FIXTURE_TIME.toISOString(),
      data: null,
      problem: 'The report is larger than 8 MiB and was not read.',
    });
    expect(contents.reads).toEqual([]);
  });

  it('says the report could not be read when it went between stat and read', async () => {
    const contents: BundleContents = {
      stat: () => Promise.resolve({ size: 10, mtime: FIXTURE_TIME }),
      read: () => Promise.resolve(null),
    };

    expect((await buildBistReport(contents)).run.problem).toBe('The report could not be read.');
  });

  it('does not trust a reader that returns more than the cap', async () => {
    const contents: BundleContents = {
      stat: () => Promise.resolve({ size: 10, mtime: FIXTURE_TIME }),
      read: () => Promise.resolve(Buffer.alloc(TEST_REPORT_MAX_BYTES + 1, 0x20)),
    };

    expect((await buildBistReport(contents)).run.problem).toBe('The report could not be read.');
  });

  it('fails when the contents cannot be read', async () => {
    const broken: BundleContents = {
      stat: () => Promise.resolve({ size: 10, mtime: FIXTURE_TIME }),
      read: () => Promise.reject(new Error('I/O error')),
    };

    await expect(buildBistReport(broken)).rejects.toThrow('I/O error');
  });
});

describe('buildPostReport', () => {
  it('reads the runs at the paths of the format, named as the contract names them', () => {
    expect(SELF_TEST_RUNS.map((r) => r.name)).toEqual([...postRunNames]);
    expect(SELF_TEST_RUNS.map((r) => r.path)).toEqual([...POST_ENTRIES]);
  });

  it('has all eleven runs of a full generated bundle, newest first', async () => {
    const files = await generatedFiles({ bistFailures: 2 });
    const report = await buildPostReport(memoryContents(files));

    expect(postReportSchema.parse(report)).toEqual(report);
    expect(report.runs.map((r) => r.name)).toEqual([
      'post',
      'post.0',
      'post.1',
      'post.2',
      'post.3',
      'post.4',
      'post.5',
      'post.6',
      'post.7',
      'post.8',
      'post.9',
    ]);
    expect(report.runs.every((r) => r.data !== null && r.problem === null)).toBe(true);
    expect(report.runs.map((r) => (r.data === null ? -1 : failedTestCount(r.data)))).toEqual([
      2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    const times = report.runs.map((r) => r.timestamp ?? '');
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('lists the runs the bundle does not have with nothing in them', async () => {
    const report = await buildPostReport(memoryContents(await generatedFiles({ postRuns: 4 })));

    expect(report.runs).toHaveLength(11);
    expect(report.runs.slice(0, 4).every((r) => r.data !== null && r.timestamp !== null)).toBe(
      true,
    );
    expect(report.runs.slice(4)).toEqual(
      postRunNames.slice(4).map((name) => ({ name, timestamp: null, data: null, problem: null })),
    );
  });

  it('shows a problem on the one bad run and reads the others', async () => {
    const report = await buildPostReport(
      memoryContents({
        'tests/post': JSON.stringify(validReport),
        'tests/post.0': 'not json',
        'tests/post.1': JSON.stringify({ status: 0 }),
        'tests/post.9': JSON.stringify(validReport),
      }),
    );

    expect(report.runs.map((r) => [r.name, r.data !== null, r.problem])).toEqual([
      ['post', true, null],
      ['post.0', false, 'The report is not valid JSON.'],
      ['post.1', false, 'The report does not have the expected fields.'],
      ...postRunNames.slice(3, 10).map((name) => [name, false, null]),
      ['post.9', true, null],
    ]);
  });

  it('reads with the 8 MiB cap', async () => {
    const contents = memoryContents(await generatedFiles({ postRuns: 2 }));
    await buildPostReport(contents);

    expect(contents.reads).toHaveLength(2);
    expect(contents.reads.every((r) => r.maxBytes === TEST_REPORT_MAX_BYTES)).toBe(true);
  });
});
