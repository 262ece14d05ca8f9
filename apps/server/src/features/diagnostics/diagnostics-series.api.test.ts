import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DIAGNOSTIC_SERIES_MESSAGES as SM,
  DIAGNOSTICS_MESSAGES as M,
  aimMetricsReportSchema,
  aimTrackingReportSchema,
  diagnosticUploadResponseSchema,
  type DiagnosticFile,
  type RoleKey,
} from '@aerie/contract';
import type { ParsedKeyring } from '@aerie/kdp';
import { deviceWithAntenna, packBundle, processed, upload } from '../../test/diagnostic-bundles.js';
import { useApiContext } from '../../test/test-app.js';

const api = useApiContext();

const TAKEN_AT = new Date('2026-11-22T12:00:00Z');
const HOURS = 3;
let keys: ParsedKeyring;
type Stored = { file: DiagnosticFile; fileId: string };
let northwind: Stored;
let elsewhere: Stored;

async function store(where: 'northwind' | 'elsewhere'): Promise<Stored> {
  const device = await deviceWithAntenna(api, where);
  const { fileName, bytes } = await packBundle(keys, {
    antennaSerial: device.antennaSerial,
    takenAt: TAKEN_AT,
    trackingHours: HOURS,
  });
  const res = await upload(api, 'superUser', device.antennaSerial, fileName, bytes);
  expect(res.statusCode, res.body).toBe(200);
  const { file } = diagnosticUploadResponseSchema.parse(res.json()).data;
  const row = await processed(api, device.antennaSerial, fileName, 60_000);
  expect(row.status).toBe('Ready');
  return { file, fileId: row.id };
}

const indexFolder = (fileId: string) =>
  path.join(api.ctx.config.blobDir, 'objects', 'diagnostics-series', fileId);

const call = (
  kind: 'aimtracking' | 'aimmetrics',
  s: Stored,
  range: { fromDate?: string; toDate?: string } = {},
  role: RoleKey = 'salesSupport',
) =>
  api.call(role, 'GET', `/v1/diagnostics/reports/${kind}`, {
    query: { antennaSerial: s.file.antennaSerial, relativePath: s.file.relativePath, ...range },
  });

beforeAll(async () => {
  keys = await api.ctx.app.services.diagnostics.keyring();
  northwind = await store('northwind');
  elsewhere = await store('elsewhere');
}, 120_000);

describe('GET /v1/diagnostics/reports/aimtracking', () => {
  it('has the index built when the bundle was processed', () => {
    expect(existsSync(path.join(indexFolder(northwind.fileId), 'index.json'))).toBe(true);
  });

  it('answers the whole log downsampled to at most 1000 points, with the zones and the series', async () => {
    const res = await call('aimtracking', northwind);
    expect(res.statusCode, res.body).toBe(200);
    const report = aimTrackingReportSchema.parse(res.json());
    expect(report.downsampling).toMatchObject({
      downsampled: true,
      sourcePoints: HOURS * 3600,
      targetPoints: 1000,
    });
    expect(report.downsampling.points).toBeLessThanOrEqual(1000);
    expect(report.downsampling.points).toBeGreaterThan(500);
    expect(report.points.timestamp).toHaveLength(report.downsampling.points);
    expect(report.points.values.averageSinr).toHaveLength(report.downsampling.points);
    expect(report.timeRange).not.toBeNull();
    expect(report.range).toEqual(report.timeRange);
    const start = Date.parse(report.timeRange!.start);
    const end = Date.parse(report.timeRange!.end);
    expect(Math.round((end - start) / 1000)).toBe(HOURS * 3600 - 1);
    expect(report.blockageZones.length).toBeGreaterThan(0);
    expect(report.series).toEqual({ sinr: true, noSinr: false, muted: true });
    expect(report.fields).toContain('averageSinr');
    // The blockages' deep SINR drops and their mute flags survive the downsampling.
    expect(Math.min(...report.points.values.averageSinr.map((v) => v ?? Infinity))).toBeLessThan(0);
    expect(report.points.values.muteFlags.some((m) => m !== null && (m & 0x4) !== 0)).toBe(true);
    expect(report.skippedRows).toBe(0);
    expect(report.problems).toEqual([]);
  });

  it('answers a sub-range of ten minutes with every record, the lowest SINR the same as the whole log’s there', async () => {
    const whole = aimTrackingReportSchema.parse((await call('aimtracking', northwind)).json());
    const start = Date.parse(whole.timeRange!.start);
    const fromDate = new Date(start + 3600_000).toISOString();
    const toDate = new Date(start + 4200_000 - 1).toISOString();
    const res = await call('aimtracking', northwind, { fromDate, toDate });
    expect(res.statusCode, res.body).toBe(200);
    const report = aimTrackingReportSchema.parse(res.json());
    expect(report.range).toEqual({ start: fromDate, end: toDate });
    expect(report.downsampling.downsampled).toBe(false);
    expect(report.downsampling.sourcePoints).toBe(600);
    expect(report.points.timestamp).toHaveLength(600);
    expect(
      report.points.timestamp.every((t) => t >= Date.parse(fromDate) && t <= Date.parse(toDate)),
    ).toBe(true);
    expect(report.timeRange).toEqual(whole.timeRange);
  });

  it('answers an empty range outside the log, and one end alone', async () => {
    const outside = aimTrackingReportSchema.parse(
      (await call('aimtracking', northwind, { toDate: '2020-01-01T00:00:00Z' })).json(),
    );
    expect(outside.downsampling).toMatchObject({ sourcePoints: 0, points: 0 });
    const whole = aimTrackingReportSchema.parse((await call('aimtracking', northwind)).json());
    const fromDate = new Date(Date.parse(whole.timeRange!.end) - 59_000).toISOString();
    const tail = aimTrackingReportSchema.parse(
      (await call('aimtracking', northwind, { fromDate })).json(),
    );
    // Samples are about a second apart (the antenna's clock has milliseconds).
    expect(tail.downsampling.sourcePoints).toBeGreaterThanOrEqual(59);
    expect(tail.downsampling.sourcePoints).toBeLessThanOrEqual(60);
    expect(tail.range).toEqual({ start: fromDate, end: whole.timeRange!.end });
  });

  it('builds the index anew when it is gone (or was never built), once for calls at the same time', async () => {
    await rm(indexFolder(elsewhere.fileId), { recursive: true, force: true });
    const [a, b] = await Promise.all([
      call('aimtracking', elsewhere),
      call('aimmetrics', elsewhere),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(existsSync(path.join(indexFolder(elsewhere.fileId), 'index.json'))).toBe(true);
    expect(aimTrackingReportSchema.parse(a.json()).downsampling.sourcePoints).toBe(HOURS * 3600);
  });
});

describe('GET /v1/diagnostics/reports/aimmetrics', () => {
  it('answers every metric by name, each with all its samples of the range', async () => {
    const res = await call('aimmetrics', northwind);
    expect(res.statusCode, res.body).toBe(200);
    const report = aimMetricsReportSchema.parse(res.json());
    expect(report.metrics.map((m) => m.name)).toEqual([
      'boardTemperature',
      'cpuLoad',
      'gpsSatellites',
      'linkUp',
      'rxBytes',
      'sinr',
      'txBytes',
    ]);
    for (const m of report.metrics) {
      expect(m.downsampling).toMatchObject({ downsampled: false, sourcePoints: HOURS * 60 });
      expect(m.value).toHaveLength(HOURS * 60);
      expect(m.timestamp).toHaveLength(HOURS * 60);
    }
    expect(report.metrics.find((m) => m.name === 'rxBytes')?.unit).toBe('bytes');
    expect(report.timeRange).not.toBeNull();
  });

  it('narrows to a range', async () => {
    const whole = aimMetricsReportSchema.parse((await call('aimmetrics', northwind)).json());
    const start = Date.parse(whole.timeRange!.start);
    const report = aimMetricsReportSchema.parse(
      (
        await call('aimmetrics', northwind, {
          fromDate: new Date(start).toISOString(),
          toDate: new Date(start + 30 * 60_000 - 1).toISOString(),
        })
      ).json(),
    );
    for (const m of report.metrics) expect(m.value).toHaveLength(30);
  });
});

describe('validation', () => {
  it.each(['aimtracking', 'aimmetrics'] as const)(
    '%s: refuses dates out of order or not ISO with 400 naming the field',
    async (kind) => {
      const reversed = await call(kind, northwind, {
        fromDate: '2026-11-22T11:00:00Z',
        toDate: '2026-11-22T10:00:00Z',
      });
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json()).toMatchObject({ field: 'toDate' });
      expect(reversed.json<{ message: string }>().message).toContain(SM.outOfOrder);
      const bad = await call(kind, northwind, { fromDate: 'yesterday' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ field: 'fromDate' });
      expect(bad.json<{ message: string }>().message).toContain(SM.fromDate);
      const nul = await call(kind, northwind, { toDate: '2026-11-22T10:00:00Z\u0000' });
      expect(nul.statusCode).toBe(400);
      const long = await call(kind, northwind, {
        toDate: `2026-11-22T10:00:00${'0'.repeat(5000)}Z`,
      });
      expect(long.statusCode).toBe(400);
    },
  );

  it('answers 404 for a path of no stored file and 409 while the file is processed', async () => {
    const serial = northwind.file.antennaSerial;
    const missing = await api.call('salesSupport', 'GET', '/v1/diagnostics/reports/aimtracking', {
      query: { antennaSerial: serial, relativePath: `${serial}/${serial}_20200101000000.kdp` },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: M.serverFileNotFound });
    await api.rows("update diagnostic_files set status = 'Processing' where id = $1", [
      northwind.fileId,
    ]);
    try {
      const res = await call('aimmetrics', northwind);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: M.stillProcessing });
    } finally {
      await api.rows("update diagnostic_files set status = 'Ready' where id = $1", [
        northwind.fileId,
      ]);
    }
  });
});

describe('who may read them: outside the caller’s accounts 404, then the role (403)', () => {
  it.each(['aimtracking', 'aimmetrics'] as const)('%s', async (kind) => {
    const statuses: Record<string, number> = {};
    for (const role of [
      'superUser',
      'providerAdmin',
      'salesSupport',
      'productSupport',
      'accountAdmin',
      'credentialed',
    ] as const) {
      statuses[`${role} northwind`] = (await call(kind, northwind, {}, role)).statusCode;
      statuses[`${role} elsewhere`] = (await call(kind, elsewhere, {}, role)).statusCode;
    }
    expect(statuses).toEqual({
      'superUser northwind': 200,
      'superUser elsewhere': 200,
      'providerAdmin northwind': 200,
      'providerAdmin elsewhere': 200,
      'salesSupport northwind': 200,
      'salesSupport elsewhere': 200,
      'productSupport northwind': 403,
      'productSupport elsewhere': 403,
      'accountAdmin northwind': 403,
      'accountAdmin elsewhere': 404,
      'credentialed northwind': 403,
      'credentialed elsewhere': 404,
    });
  });
});
