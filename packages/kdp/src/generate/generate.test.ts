import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readBundle, writeBundle, type BundleEntryInput } from '../bundle.js';
import {
  AIM_CSV_COLUMNS,
  AIM_CSV_ENTRIES,
  BLOCKAGE_ZONE_COLUMNS,
  BLOCKAGE_ZONES_ENTRY,
  DEBUG_LOG_ENTRIES,
  METRICS_COLUMNS,
  METRICS_ENTRIES,
  OVERVIEW_ENTRIES,
  POST_ENTRIES,
  SYSLOG_ENTRIES,
  type PostReport,
} from '../entries.js';
import { collect, makeKeyring } from '../test/helpers.js';
import { generateBundleEntries, inZone, type GenerateOptions } from './index.js';

const base: GenerateOptions = {
  antennaSerial: 'KYM-2411234',
  takenAt: new Date('2026-11-22T12:00:00Z'),
  seed: 42,
  trackingHours: 2.5,
  logLines: 4000,
};

/** The entries' plaintext, by path, straight from the generator. */
async function plaintext(options: GenerateOptions): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for await (const entry of generateBundleEntries(options)) {
    const body =
      entry.body instanceof Uint8Array ? Buffer.from(entry.body) : await collect(entry.body);
    if (entry.size !== undefined) expect(body.length).toBe(entry.size);
    files.set(entry.path, body);
  }
  return files;
}

/** The entries of a bundle written from the generator and read back. */
async function roundTrip(options: GenerateOptions): Promise<Map<string, string>> {
  const keyring = makeKeyring('k1');
  const bundle = writeBundle(generateBundleEntries(options), { keyring });
  const files = new Map<string, string>();
  for await (const entry of readBundle(bundle, { keyring })) {
    files.set(entry.path, (await collect(entry.body)).toString('utf8'));
  }
  return files;
}

const lines = (text: string) => text.split('\n').slice(0, -1);
const rows = (text: string) => lines(text).map((line) => line.split(','));
const timeOf = (line: string) => Date.parse(line.slice(0, line.indexOf(' ')));

/** AIM records of every file, oldest first, as objects of their columns. */
function aimRecords(files: Map<string, string>): Record<string, string>[] {
  const present = AIM_CSV_ENTRIES.filter((path) => files.has(path)).reverse();
  return present.flatMap((path) =>
    rows(files.get(path) ?? '')
      .slice(1)
      .map((cells) => Object.fromEntries(AIM_CSV_COLUMNS.map((c, k) => [c, cells[k] ?? '']))),
  );
}

describe('generateBundleEntries', () => {
  let files: Map<string, string>;
  const bundle = async () => (files ??= await roundTrip({ ...base, bistFailures: 2 }));

  it('is deterministic for a seed, and differs with another', async () => {
    const small = { ...base, trackingHours: 0.2, logLines: 500 };
    const a = await plaintext(small);
    const b = await plaintext(small);
    const c = await plaintext({ ...small, seed: 43 });
    expect([...a.keys()]).toEqual([...b.keys()]);
    for (const [path, body] of a) expect(body.equals(b.get(path) ?? Buffer.alloc(0))).toBe(true);
    expect(a.get(AIM_CSV_ENTRIES[0] as string)?.equals(c.get(AIM_CSV_ENTRIES[0] as string)!)).toBe(
      false,
    );
    expect(a.get('logs/syslog')?.equals(c.get('logs/syslog')!)).toBe(false);
  });

  it('reports a known device’s parts, version and features when given, the rest unchanged', async () => {
    const small = { ...base, trackingHours: 0.2, logLines: 500 };
    const plain = await plaintext(small);
    const known = await plaintext({
      ...small,
      components: { modem: 'GM268271155', buc: 'BUC6466101' },
      softwareVersion: '5.3.0',
      enabledFeatures: ['GEOFENCE', 'TRANSEC'],
    });
    const text = (files: Map<string, Buffer>, path: string) => files.get(path)?.toString('utf8');
    const serials = text(known, OVERVIEW_ENTRIES.serialNumbers) ?? '';
    expect(serials).toContain('modem=GM268271155\n');
    expect(serials).toContain('buc=BUC6466101\n');
    // The parts not given keep their made-up serials.
    const acu = /^acu=.*$/m.exec(text(plain, OVERVIEW_ENTRIES.serialNumbers) ?? '')?.[0];
    expect(serials).toContain(`${acu}\n`);
    expect(text(known, OVERVIEW_ENTRIES.version)).toBe('5.3.0\n');
    const { features } = JSON.parse(text(known, OVERVIEW_ENTRIES.entitlements) ?? '{}') as {
      features: Record<string, string>;
    };
    expect(Object.keys(features).filter((k) => features[k] === 'enabled')).toEqual([
      'GEOFENCE',
      'TRANSEC',
    ]);
    expect(features['AES256']).toBe('disabled');
    // The logs tell the same: the boot names the version, the link the modem.
    expect(text(known, 'logs/syslog')).toContain('software 5.3.0');
    expect(text(known, 'logs/debug')).toContain('modem GM268271155');
    // Everything else is the seed's: the same tracking.
    expect(known.get(AIM_CSV_ENTRIES[0]!)?.equals(plain.get(AIM_CSV_ENTRIES[0]!)!)).toBe(true);
  });

  it('round-trips through the reader with every documented entry, each parseable', async () => {
    const f = await bundle();
    for (const path of [
      ...Object.values(OVERVIEW_ENTRIES),
      ...POST_ENTRIES,
      BLOCKAGE_ZONES_ENTRY,
      AIM_CSV_ENTRIES[0],
      AIM_CSV_ENTRIES[1],
      METRICS_ENTRIES[0],
      METRICS_ENTRIES[1],
      SYSLOG_ENTRIES[0],
      DEBUG_LOG_ENTRIES[0],
    ]) {
      expect(files.has(path as string), path).toBe(true);
    }
    expect(f.get(OVERVIEW_ENTRIES.serial)).toBe('KYM-2411234\n');
    expect(f.get(OVERVIEW_ENTRIES.version)).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?\n$/);
    const entitlements = JSON.parse(f.get(OVERVIEW_ENTRIES.entitlements) ?? '') as {
      features: Record<string, string>;
    };
    expect(entitlements.features.AES256).toBe('enabled');
    const serials = Object.fromEntries(
      lines(f.get(OVERVIEW_ENTRIES.serialNumbers) ?? '').map((l) => l.split('=')),
    ) as Record<string, string>;
    expect(Object.keys(serials)).toEqual(['antenna', 'acu', 'asm', 'modem', 'buc', 'lnb']);
    expect(serials.antenna).toBe('KYM-2411234');
    for (const path of POST_ENTRIES) {
      const report = JSON.parse(f.get(path) ?? '') as PostReport;
      expect(report.antennaserialnumber).toBe('KYM-2411234');
      expect(report.acuserialnumber).toBe(serials.acu);
      expect(report.asmserialnumber).toBe(serials.asm);
      for (const suite of report.testsuites) {
        expect(Date.parse(suite.stoptime)).toBeGreaterThanOrEqual(Date.parse(suite.starttime));
        for (const c of suite.testcases) {
          expect(typeof c.name).toBe('string');
          expect(c.value !== undefined || Array.isArray(c.gammavalues)).toBe(true);
        }
      }
    }
    const csvs: (readonly [string, readonly string[]])[] = [
      [BLOCKAGE_ZONES_ENTRY, BLOCKAGE_ZONE_COLUMNS],
      ...AIM_CSV_ENTRIES.filter((p) => f.has(p)).map((p) => [p, AIM_CSV_COLUMNS] as const),
      ...METRICS_ENTRIES.filter((p) => f.has(p)).map((p) => [p, METRICS_COLUMNS] as const),
    ];
    for (const [path, columns] of csvs) {
      const [header, ...data] = rows(f.get(path) ?? '');
      expect(header, path).toEqual(columns);
      expect(data.length, path).toBeGreaterThan(0);
      for (const row of data) expect(row.length, path).toBe(columns.length);
    }
    const records = aimRecords(f);
    expect(records.length).toBe(2.5 * 3600);
    for (const r of records) {
      expect(Number(r.theta)).toBeGreaterThanOrEqual(0);
      expect(Number(r.theta)).toBeLessThanOrEqual(90);
      expect(Number(r.phi)).toBeGreaterThanOrEqual(0);
      expect(Number(r.phi)).toBeLessThan(360);
    }
    expect(new Set(records.map((r) => r.trackId)).size).toBeGreaterThan(2);
  });

  it('drops the SINR and mutes inside the blockage zones', async () => {
    const f = await bundle();
    const zones = rows(f.get(BLOCKAGE_ZONES_ENTRY) ?? '')
      .slice(1)
      .map(([azimuthStart, azimuthEnd, elevationStart, elevationEnd]) => ({
        azimuthStart: Number(azimuthStart),
        azimuthEnd: Number(azimuthEnd),
        elevationStart: Number(elevationStart),
        elevationEnd: Number(elevationEnd),
      }));
    expect(zones.length).toBeGreaterThanOrEqual(1);
    expect(zones.length).toBeLessThanOrEqual(3);
    const inside: number[] = [];
    const outside: number[] = [];
    for (const r of aimRecords(f)) {
      const blocked = zones.some((z) => inZone(Number(r.phi), 90 - Number(r.theta), z));
      expect(Number(r.muteFlags) & 4, r.timestamp).toBe(blocked ? 4 : 0);
      (blocked ? inside : outside).push(Number(r.averageSinr));
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(inside.length).toBeGreaterThan(0);
    expect(outside.length).toBeGreaterThan(0);
    expect(mean(inside)).toBeLessThan(mean(outside) - 8);
  });

  it('writes logs in time order, with link down and up at the blockages', async () => {
    const f = await bundle();
    const syslog = lines(f.get('logs/syslog') ?? '');
    const debug = lines(f.get('logs/debug') ?? '');
    expect(syslog.length + debug.length).toBe(4000);
    for (const log of [syslog, debug]) {
      const times = log.map(timeOf);
      expect(times.every((t) => Number.isFinite(t))).toBe(true);
      expect(times.every((t, k) => k === 0 || t >= (times[k - 1] as number))).toBe(true);
    }
    const records = aimRecords(f);
    const downs: string[] = [];
    const ups: string[] = [];
    records.forEach((r, k) => {
      const blocked = (Number(r.muteFlags) & 4) !== 0;
      const before = k > 0 && (Number(records[k - 1]?.muteFlags) & 4) !== 0;
      if (blocked && !before) downs.push(r.timestamp as string);
      if (!blocked && before) ups.push(r.timestamp as string);
    });
    expect(downs.length).toBeGreaterThan(0);
    const linkDown = syslog.filter((l) => l.includes('link down'));
    expect(linkDown.map((l) => l.split(' ')[0])).toEqual(downs);
    const linkUp = syslog.filter((l) => / link up: rx lock acquired, SINR/.test(l));
    expect(linkUp.map((l) => l.split(' ')[0])).toEqual(ups);
    const errors = debug.filter((l) => l.includes('ERROR [modem] rx lock lost'));
    expect(errors.map((l) => l.split(' ')[0])).toEqual(downs);
  });

  it('fails exactly the asked number of BIST cases, with a failing status', async () => {
    const f = await bundle();
    const latest = JSON.parse(f.get('tests/post') ?? '') as PostReport;
    const cases = latest.testsuites.flatMap((s) => s.testcases);
    const failed = cases.filter((c) => c.status !== 0);
    expect(failed).toHaveLength(2);
    expect(latest.status).not.toBe(0);
    for (const c of failed) expect(c.message.length).toBeGreaterThan(10);
    for (const c of cases.filter((x) => x.status === 0)) expect(c.message).toBe('');
    expect((JSON.parse(f.get('tests/post.0') ?? '') as PostReport).status).toBe(0);
    const syslog = f.get('logs/syslog') ?? '';
    for (const c of failed) expect(syslog).toContain(`FAIL ${c.classname}/${c.name}`);
  });

  it('writes only as many self-test reports as asked and checks its options', async () => {
    const found = await plaintext({ ...base, trackingHours: 0.05, logLines: 10, postRuns: 3 });
    expect([...found.keys()].filter((p) => p.startsWith('tests/'))).toEqual([
      'tests/post',
      'tests/post.0',
      'tests/post.1',
    ]);
    await expect(plaintext({ ...base, bistFailures: 99 })).rejects.toThrow(RangeError);
    await expect(plaintext({ ...base, trackingHours: -1 })).rejects.toThrow(RangeError);
  });

  it('rotates long logs as logrotate does, the same lines in the same order', async () => {
    const small = { ...base, trackingHours: 0.2, logLines: 4000 };
    const whole = await plaintext(small);
    const rotated = await plaintext({ ...small, logLinesPerFile: 500 });
    for (const [entries, name] of [
      [SYSLOG_ENTRIES, 'logs/syslog'],
      [DEBUG_LOG_ENTRIES, 'logs/debug'],
    ] as const) {
      const present = entries.filter((path) => rotated.has(path));
      // syslog: 1,200 lines in 3 files; debug: 2,800 lines in 6 (the current one and 5 older).
      expect(present).toEqual(entries.slice(0, name === 'logs/syslog' ? 3 : 6));
      const oldestFirst = [...present].reverse().map((path) => rotated.get(path)!.toString());
      expect(oldestFirst.join('')).toBe(whole.get(name)!.toString());
      // Each file is in time order and ends before the next newer one starts.
      const times = oldestFirst.map((text) => lines(text).map(timeOf));
      for (const [k, t] of times.entries()) {
        expect(t.length).toBeGreaterThan(0);
        expect([...t].sort((a, b) => a - b)).toEqual(t);
        if (k > 0) expect(times[k - 1]!.at(-1)!).toBeLessThanOrEqual(t[0]!);
      }
    }
  });

  it('streams a million log lines with bounded memory', async () => {
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let lineCount = 0;
    const entries: AsyncIterable<BundleEntryInput> = generateBundleEntries({
      ...base,
      trackingHours: 0.05,
      logLines: 1_000_000,
    });
    for await (const entry of entries) {
      if (!entry.path.startsWith('logs/')) continue;
      expect(entry.body instanceof Uint8Array || entry.body instanceof Readable).toBe(false);
      let bytes = 0;
      for await (const chunk of entry.body as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lineCount += 1;
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
      expect(bytes).toBe(entry.size);
    }
    expect(lineCount).toBe(1_000_000);
    expect(peak - before).toBeLessThan(50 * 1024 * 1024);
  }, 30_000);
});
