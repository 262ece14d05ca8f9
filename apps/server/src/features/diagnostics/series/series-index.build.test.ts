import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DIAGNOSTIC_SERIES_LIMITS as SL, aimTrackingFields } from '@aerie/contract';
import { AIM_CSV_COLUMNS, generateBundleEntries } from '@aerie/kdp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseNumber, parseTime } from './csv-records.js';
import { buildSeriesIndex, type IndexSource } from './series-index.build.js';
import { seriesIndexMetaSchema, TRACKING_WIDTH } from './series-index.meta.js';
import { levelFile, readSeriesRange, type RangeReader } from './series-file.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'aerie-series-index-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const read: RangeReader = async (file, offset, length) =>
  (await readFile(path.join(dir, file))).subarray(offset, offset + length);

/** A source over files in memory, streamed in small pieces (chunk boundaries anywhere). */
function memory(files: Record<string, string>): IndexSource & { opened: string[] } {
  const opened: string[] = [];
  return {
    opened,
    open(entryPath) {
      opened.push(entryPath);
      const text = files[entryPath];
      if (text === undefined) return Promise.resolve(null);
      const bytes = Buffer.from(text, 'utf8');
      const pieces: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += 97) pieces.push(bytes.subarray(i, i + 97));
      return Promise.resolve(Readable.from(pieces));
    },
  };
}

const signal = new AbortController().signal;
const HEADER = AIM_CSV_COLUMNS.join(',');
/** A tracking row: time, then the fields given (others empty). */
function row(time: string, fields: Partial<Record<string, number | string>>): string {
  return [time, ...aimTrackingFields.map((f) => fields[f] ?? '')].join(',');
}

async function allRecords(meta: Awaited<ReturnType<typeof buildSeriesIndex>>) {
  const s = meta.tracking.series;
  const slice = await readSeriesRange(read, s, -Infinity, Infinity, { target: 1e9, buckets: 1 });
  return Array.from({ length: slice.count }, (_, i) =>
    Array.from(slice.records.subarray(i * TRACKING_WIDTH, (i + 1) * TRACKING_WIDTH)),
  );
}

describe('buildSeriesIndex', () => {
  it('indexes a generated bundle: every tracking record oldest first, zones, metrics by name', async () => {
    const files: Record<string, string> = {};
    for await (const e of generateBundleEntries({
      antennaSerial: 'KYM-2411234',
      takenAt: new Date('2026-11-22T12:00:00Z'),
      trackingHours: 5,
      logLines: 10,
    })) {
      if (!e.path.startsWith('aim/') && !e.path.startsWith('metrics/')) continue;
      const parts: Buffer[] = [];
      if (Buffer.isBuffer(e.body)) parts.push(e.body);
      else for await (const c of e.body as AsyncIterable<Buffer>) parts.push(c);
      files[e.path] = Buffer.concat(parts).toString('utf8');
    }
    expect(Object.keys(files)).toContain('aim/aim-csv.1');
    const meta = await buildSeriesIndex(memory(files), dir, signal);
    expect(
      seriesIndexMetaSchema.parse(JSON.parse(await readFile(path.join(dir, 'index.json'), 'utf8'))),
    ).toEqual(meta);
    const t = meta.tracking;
    expect(t.series.levels[0]?.count).toBe(5 * 3600);
    expect(t.skippedRows).toBe(0);
    expect(t.problems).toEqual([]);
    expect(t.fields).toEqual(aimTrackingFields);
    expect(t.flags).toEqual({ sinr: true, noSinr: false, muted: true });
    expect(t.blockageZones.length).toBeGreaterThan(0);
    expect(Math.round((t.series.last! - t.series.first!) / 1000)).toBe(5 * 3600 - 1);
    const records = await allRecords(meta);
    for (let i = 1; i < records.length; i += 1) {
      expect(records[i]![0]).toBeGreaterThan(records[i - 1]![0]!);
    }
    expect(meta.metrics.series.map((m) => m.name)).toEqual([
      'boardTemperature',
      'cpuLoad',
      'gpsSatellites',
      'linkUp',
      'rxBytes',
      'sinr',
      'txBytes',
    ]);
    expect(meta.metrics.series.find((m) => m.name === 'boardTemperature')?.unit).toBe('°C');
    expect(meta.metrics.series[0]?.series.levels[0]?.count).toBe(5 * 60);
  });

  it('reads the rotations oldest first (.2, .1, .0, then the current file)', async () => {
    const source = memory({
      'aim/aim-csv': `${HEADER}\n${row('2026-11-22T10:00:03.000Z', { theta: 3 })}\n`,
      'aim/aim-csv.0': `${HEADER}\n${row('2026-11-22T10:00:02.000Z', { theta: 2 })}\n`,
      'aim/aim-csv.2': `${HEADER}\n${row('2026-11-22T10:00:01.000Z', { theta: 1 })}\n`,
    });
    const meta = await buildSeriesIndex(source, dir, signal);
    expect(source.opened.slice(0, 4)).toEqual([
      'aim/aim-csv.2',
      'aim/aim-csv.1',
      'aim/aim-csv.0',
      'aim/aim-csv',
    ]);
    expect((await allRecords(meta)).map((r) => r[1])).toEqual([1, 2, 3]);
  });

  it('reads empty cells as missing, skips rows without a valid time or older than the last, and bad records', async () => {
    const lines = [
      HEADER,
      row('2026-11-22T10:00:00.000Z', { theta: 40, averageSinr: 5, muteFlags: 0 }),
      row('2026-11-22T10:00:01.000Z', { theta: 41, averageSinr: '', muteFlags: 4 }),
      row('not a time', { theta: 1 }),
      row('', { theta: 1 }),
      row('2026-11-22T09:00:00.000Z', { theta: 1 }),
      row('2026-11-22T10:00:02.000Z', { theta: 'abc', averageSinr: 'Infinity' }),
      '2026-11-22T10:00:03.000Z,42',
      `"2026-11-22T10:00:04.000Z",${'x'.repeat(70_000)}`,
      row('2026-11-22T10:00:05.000Z', { theta: 43 }),
    ];
    const meta = await buildSeriesIndex(
      memory({ 'aim/aim-csv': `${lines.join('\r\n')}\r\n` }),
      dir,
      signal,
    );
    expect(meta.tracking.skippedRows).toBe(4);
    const records = await allRecords(meta);
    expect(records.map((r) => r[1])).toEqual([40, 41, NaN, 42, 43]);
    expect(records[1]?.[3]).toBeNaN();
    expect(meta.tracking.flags).toEqual({ sinr: true, noSinr: true, muted: true });
    expect(meta.tracking.fields).toEqual(['theta', 'averageSinr', 'muteFlags']);
  });

  it('maps columns by the header’s names, and says which file has no timestamp column', async () => {
    const meta = await buildSeriesIndex(
      memory({
        'aim/aim-csv.0': 'theta,phi\n1,2\n',
        'aim/aim-csv': 'phi,timestamp,theta,extra\n120,2026-11-22T10:00:00.000Z,30,x\n',
      }),
      dir,
      signal,
    );
    expect(meta.tracking.problems).toEqual([
      'aim/aim-csv.0: the header has no timestamp column; the file was not read.',
    ]);
    const [record] = await allRecords(meta);
    expect(record?.slice(0, 3)).toEqual([Date.parse('2026-11-22T10:00:00.000Z'), 30, 120]);
  });

  it('keeps good blockage zones and lists the bad ones', async () => {
    const meta = await buildSeriesIndex(
      memory({
        'aim/blockage-zones.csv':
          'azimuthStart,azimuthEnd,elevationStart,elevationEnd\n350,20,10,40\n10,20,50,40\n400,1,1,2\nx,1,1,2\n',
      }),
      dir,
      signal,
    );
    expect(meta.tracking.blockageZones).toEqual([
      { azimuthStart: 350, azimuthEnd: 20, elevationStart: 10, elevationEnd: 40 },
    ]);
    expect(meta.tracking.problems).toHaveLength(3);
    expect(meta.tracking.problems[0]).toContain('record 3 is not a zone');
  });

  it('indexes metrics per name, skipping bad rows, and at most the limit of metrics', async () => {
    const rows = ['timestamp,metric,value,unit'];
    rows.push('2026-11-22T10:00:00.000Z,sinr,9.5,dB');
    rows.push('2026-11-22T10:00:00.000Z,sinr,,dB');
    rows.push('2026-11-22T10:00:01.000Z,,3,');
    rows.push('2026-11-22T10:00:02.000Z,sinr,10,dB');
    rows.push('2026-11-22T09:00:00.000Z,sinr,1,dB');
    for (let k = 0; k < SL.maxMetrics + 3; k += 1)
      rows.push(`2026-11-22T10:00:03.000Z,m${k},${k},`);
    const meta = await buildSeriesIndex(
      memory({ 'metrics/metrics-csv': rows.join('\n') }),
      dir,
      signal,
    );
    expect(meta.metrics.series).toHaveLength(SL.maxMetrics);
    expect(meta.metrics.skippedRows).toBe(3 + 4);
    expect(meta.metrics.problems).toEqual([
      `The metrics log has more than ${SL.maxMetrics} metrics; only the first ${SL.maxMetrics} are shown.`,
    ]);
    const sinr = meta.metrics.series.find((m) => m.name === 'sinr')!;
    expect(sinr.unit).toBe('dB');
    expect(sinr.series.levels[0]?.count).toBe(2);
    expect((await readFile(path.join(dir, levelFile(sinr.series.file, 0)))).length).toBe(2 * 2 * 8);
  });

  it('builds an empty index for a bundle without logs', async () => {
    const meta = await buildSeriesIndex(memory({}), dir, signal);
    expect(meta.tracking.series).toMatchObject({ levels: [], first: null, last: null });
    expect(meta.metrics.series).toEqual([]);
  });

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    controller.abort(new Error('closing'));
    await expect(
      buildSeriesIndex(memory({ 'aim/aim-csv': `${HEADER}\n` }), dir, controller.signal),
    ).rejects.toThrow('closing');
  });
});

describe('the contract', () => {
  it('names the tracking fields as the bundle format’s columns, after the timestamp', () => {
    expect(['timestamp', ...aimTrackingFields]).toEqual([...AIM_CSV_COLUMNS]);
  });
});

describe('cells', () => {
  it('reads ISO times only, and finite numbers only', () => {
    expect(parseTime('2026-11-22T10:00:00.123Z')).toBe(Date.parse('2026-11-22T10:00:00.123Z'));
    expect(parseTime('1')).toBeNaN();
    expect(parseTime('2026-13-45T99:00:00Z')).toBeNaN();
    expect(parseNumber(' 4.5 ')).toBe(4.5);
    expect(parseNumber('')).toBeNaN();
    expect(parseNumber('NaN')).toBeNaN();
    expect(parseNumber('-Infinity')).toBeNaN();
  });

  it('reads a time without a zone as UTC, whatever the server’s time zone', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      expect(parseTime('2026-11-22T12:00:00')).toBe(Date.UTC(2026, 10, 22, 12));
      expect(parseTime('2026-11-22T12:00:00.250')).toBe(Date.UTC(2026, 10, 22, 12, 0, 0, 250));
      expect(parseTime('2026-11-22T12:00:00+01:00')).toBe(Date.UTC(2026, 10, 22, 11));
      expect(parseTime('2026-11-22T12:00:00-0500')).toBe(Date.UTC(2026, 10, 22, 17));
      expect(parseTime('2026-11-22T12:00:00z')).toBe(Date.UTC(2026, 10, 22, 12));
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
