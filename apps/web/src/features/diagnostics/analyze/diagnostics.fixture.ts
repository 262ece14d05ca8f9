import {
  diagnosticFileSchema,
  postRunNames,
  type DiagnosticFile,
  type DiagnosticOverview,
  type DiagnosticReportTypes,
  type TestData,
  type TestRun,
} from '@aerie/contract';

/** Test data of the analyze screen and its reports. */
export const DEVICE_ID = '5b1d7f4e-8a2c-4d6b-9e3f-1a2b3c4d5e6f';
export const FILE_HASH = '0123456789abcdef0123456789abcdef';

export function buildDiagnosticFile(overrides: Partial<DiagnosticFile> = {}): DiagnosticFile {
  return diagnosticFileSchema.parse({
    fileName: 'KYM-2411234_20261122120000.kdp',
    fileHash: FILE_HASH,
    fileSize: 1_536_000,
    diagnosticCreatedOn: '2026-11-22T12:00:00.000Z',
    uri: 'file:///data/diagnostics/KYM-2411234/KYM-2411234_20261122120000.kdp',
    relativePath: 'KYM-2411234/KYM-2411234_20261122120000.kdp',
    antennaSerial: 'KYM-2411234',
    deviceId: DEVICE_ID,
    uploadedOn: '2026-11-23T08:15:30.000Z',
    uploadedBy: 'Ada Lovelace',
    status: 'Ready',
    statusMessage: null,
    jobId: null,
    ...overrides,
  });
}

export const reportTypes: DiagnosticReportTypes = {
  reports: [
    { name: 'Overview', route: 'overview', enabled: true },
    { name: 'BIST', route: 'bist', enabled: true },
    { name: 'POST', route: 'post', enabled: true },
    { name: 'AIM Tracking', route: 'aim-tracking', enabled: true },
    { name: 'Metrics', route: 'aim-metric', enabled: true },
    { name: 'System Logs', route: 'system-logs', enabled: false },
  ],
};

export function buildOverview(overrides: Partial<DiagnosticOverview> = {}): DiagnosticOverview {
  return {
    fileName: 'KYM-2411234_20261122120000.kdp',
    antennaSerial: 'KYM-2411234',
    entitlements: [
      { name: 'AES256', value: 'enabled' },
      { name: 'TRANSEC', value: 'disabled' },
    ],
    componentInventory: [
      { name: 'acu', value: 'ACU-0042' },
      { name: 'antenna', value: 'KYM-2411234' },
    ],
    files: [
      { name: 'Serial', timestamp: '2026-11-22T11:59:00.000Z', size: 12, content: 'KYM-2411234\n' },
      { name: 'version', timestamp: null, size: 6, content: '5.1.1\n' },
      { name: 'EntitlementsKap', timestamp: '2026-11-22T11:59:01.000Z', size: null, content: null },
    ],
    comparison: [
      { field: 'Antenna serial', diagnostic: 'KYM-2411234', asset: 'KYM-2411234', differs: false },
      { field: 'Software version', diagnostic: '5.1.1', asset: '5.0.9', differs: true },
      { field: 'Modem serial', diagnostic: null, asset: 'IDQ-88112', differs: false },
      { field: 'ASM serial', diagnostic: 'ASM-1177', asset: null, differs: false },
    ],
    ...overrides,
  };
}

/** A self-test run's data; `failures` of its cases fail (status 3). */
export function buildTestData(failures = 0): TestData {
  const names = ['lnaCurrent', 'gammaSweep', 'bucTemperature', 'gnssFix', 'motorHome'];
  return {
    acuserialnumber: 'ACU-0042',
    asmserialnumber: 'ASM-1177',
    antennaserialnumber: 'KYM-2411234',
    status: failures > 0 ? 3 : 0,
    testsuites: [
      {
        starttime: '2026-11-22T11:58:02.000Z',
        stoptime: '2026-11-22T11:58:05.000Z',
        testcases: names.slice(0, 3).map((name, i) => ({
          name,
          classname: 'rf',
          status: i < failures ? 3 : 0,
          message: i < failures ? `${name} out of range` : '',
          time: 0.25,
          ...(name === 'gammaSweep' ? { gammavalues: [-14.2, -13.9] } : { value: 0.82 }),
        })),
      },
      {
        starttime: '2026-11-22T11:58:05.000Z',
        stoptime: '2026-11-22T11:58:09.412Z',
        testcases: names.slice(3).map((name, i) => ({
          name,
          classname: 'mech',
          status: i + 3 < failures ? 3 : 0,
          message: i + 3 < failures ? `${name} failed` : '',
          time: 1.5,
          value: 'ok',
        })),
      },
    ],
  };
}

export function buildRun(
  name: string,
  data: TestData | null,
  problem: string | null = null,
): TestRun {
  return { name, timestamp: data ? '2026-11-22T11:58:10.000Z' : null, data, problem };
}

/** post passes, post.0 fails twice, post.1 cannot be read, the others are absent. */
export function buildPostRuns(): TestRun[] {
  return postRunNames.map((name, i) => {
    if (i === 0) return buildRun(name, buildTestData(0));
    if (i === 1) return buildRun(name, buildTestData(2));
    if (i === 2) return buildRun(name, null, 'The report is not valid JSON.');
    return buildRun(name, null);
  });
}
