import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DIAGNOSTICS_MESSAGES as M,
  LOG_SEARCH_MESSAGES as LM,
  diagnosticUploadResponseSchema,
  logDateRangeSchema,
  logSearchPageSchema,
  type ApiErrorBody,
  type DiagnosticFile,
  type LogEntry,
  type RoleKey,
} from '@aerie/contract';
import { bundleName, createBundleWriter, type ParsedKeyring } from '@aerie/kdp';
import { deviceWithAntenna, processed, upload } from '../../../test/diagnostic-bundles.js';
import { useApiContext } from '../../../test/test-app.js';

const api = useApiContext();

const T0 = Date.parse('2026-11-22T09:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const SCRIPT = '<script>window.__pwned = 1</script>';
const IMG = '<img src=x onerror="window.__pwned = 2">';

/**
 * The logs of the test bundle: syslog, 60 lines at even seconds over three rotated files, with
 * a line without a time after line 5, "link down" every 10th line and the two hostile payloads;
 * debug, 40 lines every 3 s over two files, ERROR every 7th.
 */
function logs() {
  const syslog: string[] = [];
  for (let k = 0; k < 60; k++) {
    const text =
      k === 13
        ? SCRIPT
        : k === 14
          ? IMG
          : k % 10 === 7
            ? `modemd[748]: link down (zone ${k})`
            : `aimd[733]: track ${k}`;
    syslog.push(`${iso(T0 + 2000 * k)} KYM-LOGS ${text}`);
    if (k === 5) syslog.push('    continued without a time');
  }
  const debug: string[] = [];
  for (let k = 0; k < 40; k++) {
    debug.push(`${iso(T0 + 3000 * k)} ${k % 7 === 3 ? 'ERROR' : 'INFO'} [modem] debug ${k}`);
  }
  return { syslog, debug };
}

/** The files, oldest first: syslog.1, syslog.0, syslog; debug.0, debug. */
function files() {
  const { syslog, debug } = logs();
  const text = (lines: string[]) => Buffer.from(`${lines.join('\n')}\n`);
  return {
    'logs/syslog.1': text(syslog.slice(0, 20)),
    'logs/syslog.0': text(syslog.slice(20, 40)),
    'logs/syslog': text(syslog.slice(40)),
    'logs/debug.0': text(debug.slice(0, 20)),
    'logs/debug': text(debug.slice(20)),
  };
}

/** Every line in the order the search answers them: by time, syslog first, then file order. */
function mergedOrder(): { text: string; type: 'syslog' | 'debug'; time: number }[] {
  const out: { text: string; type: 'syslog' | 'debug'; time: number; seq: number }[] = [];
  let seq = 0;
  for (const [type, lines] of Object.entries(logs()) as ['syslog' | 'debug', string[]][]) {
    let last = Number.NaN;
    for (const text of lines) {
      const t = Date.parse(text.slice(0, 24));
      if (!Number.isNaN(t)) last = t;
      out.push({ text, type, time: last, seq: seq++ });
    }
  }
  return out.sort(
    (a, b) => a.time - b.time || (a.type === b.type ? a.seq - b.seq : a.type === 'syslog' ? -1 : 1),
  );
}

async function packLogs(keys: ParsedKeyring, serial: string, takenAt: Date) {
  const entries = [
    { path: 'overview/Serial', body: Buffer.from(`${serial}\n`) },
    ...Object.entries(files()).map(([p, body]) => ({ path: p, body })),
  ];
  const parts: Buffer[] = [];
  for await (const chunk of createBundleWriter({ keyring: keys.keyring, keyId: keys.currentKeyId })(
    entries,
  )) {
    parts.push(chunk as Buffer);
  }
  return { fileName: bundleName(serial, takenAt), bytes: Buffer.concat(parts) };
}

let northwind: DiagnosticFile;
let elsewhere: DiagnosticFile;

async function store(where: 'northwind' | 'elsewhere'): Promise<DiagnosticFile> {
  const keys = await api.ctx.app.services.diagnostics.keyring();
  const device = await deviceWithAntenna(api, where);
  const { fileName, bytes } = await packLogs(
    keys,
    device.antennaSerial,
    new Date('2026-11-22T12:00:00Z'),
  );
  const res = await upload(api, 'superUser', device.antennaSerial, fileName, bytes);
  expect(res.statusCode, res.body).toBe(200);
  expect((await processed(api, device.antennaSerial, fileName)).status).toBe('Ready');
  return diagnosticUploadResponseSchema.parse(res.json()).data.file;
}

beforeAll(async () => {
  northwind = await store('northwind');
  elsewhere = await store('elsewhere');
}, 60_000);

const search = (query: Record<string, string>, file = northwind, role: RoleKey = 'superUser') =>
  api.call(role, 'GET', '/v1/diagnostics/reports/syslog', {
    query: { antennaSerial: file.antennaSerial, relativePath: file.relativePath, ...query },
  });

async function page(query: Record<string, string>) {
  const res = await search(query);
  expect(res.statusCode, res.body).toBe(200);
  return logSearchPageSchema.parse(res.json());
}

const fileId = (f: DiagnosticFile) =>
  api.scalar<string>('select id from diagnostic_files where file_hash = $1', [f.fileHash]);

describe('GET /v1/diagnostics/reports/syslog/dates', () => {
  it('answers the first and last time of the chosen logs', async () => {
    const dates = (logTypes?: string) =>
      api.call('salesSupport', 'GET', '/v1/diagnostics/reports/syslog/dates', {
        query: {
          antennaSerial: northwind.antennaSerial,
          relativePath: northwind.relativePath,
          ...(logTypes ? { logTypes } : {}),
        },
      });
    expect(logDateRangeSchema.parse((await dates()).json())).toEqual({
      MinDate: iso(T0),
      MaxDate: iso(T0 + 2000 * 59),
    });
    expect((await dates('debug')).json()).toEqual({
      MinDate: iso(T0),
      MaxDate: iso(T0 + 3000 * 39),
    });
  });
});

describe('GET /v1/diagnostics/reports/syslog', () => {
  it('is enabled among the report types', async () => {
    const res = await api.call('superUser', 'GET', '/v1/diagnostics/reports');
    expect(res.json<{ reports: unknown[] }>().reports).toContainEqual({
      name: 'Search',
      route: 'system-logs',
      enabled: true,
    });
  });

  it('indexed the logs when the bundle was processed', async () => {
    const id = await fileId(northwind);
    const index = path.join(
      api.ctx.config.blobDir,
      'objects',
      'diagnostics-index',
      id!,
      'lines',
      'logs',
    );
    for (const f of ['syslog.1', 'syslog.0', 'syslog', 'debug.0', 'debug']) {
      expect(existsSync(path.join(index, `${f}.lidx`)), f).toBe(true);
    }
  });

  it('pages through every line of both logs in time order, files oldest first', async () => {
    const want = mergedOrder();
    const seen: LogEntry[] = [];
    for (let p = 1; ; p++) {
      const res = await page({ logTypes: 'syslog,debug', pageNumber: String(p), pageSize: '7' });
      expect(res.updatedPage).toBe(p);
      if (res.entries.length === 0) break;
      expect(res.entries.every((e) => e.updatedPage === p)).toBe(true);
      seen.push(...res.entries);
    }
    expect(seen.map((e) => e.lineContent)).toEqual(want.map((w) => w.text));
    expect(seen.map((e) => e.logType)).toEqual(want.map((w) => w.type));
    const first = seen[0]!;
    expect(first).toMatchObject({
      fileName: 'logs/syslog.1',
      lineNumber: 1,
      lineDate: iso(T0),
      isHighlight: false,
    });
    const continued = seen.find((e) => e.lineContent.startsWith('    continued'))!;
    expect(continued).toMatchObject({
      fileName: 'logs/syslog.1',
      lineNumber: 7,
      lineDate: iso(T0 + 10_000),
    });
    const newest = seen.find((e) => e.lineContent === logs().syslog[40])!;
    expect(newest).toMatchObject({ fileName: 'logs/syslog', lineNumber: 1 });
  });

  it('uses the service default page size of 50 and answers an empty page past the end', async () => {
    expect((await page({ logTypes: 'syslog' })).entries).toHaveLength(50);
    const past = await page({ logTypes: 'syslog', pageNumber: '3', pageSize: '50' });
    expect(past).toMatchObject({ entries: [], updatedPage: 3 });
  });

  it('keeps to the date range, both ends included', async () => {
    const res = await page({
      logTypes: 'debug',
      fromDate: iso(T0 + 30_000),
      toDate: iso(T0 + 45_000),
      pageSize: '100',
    });
    expect(res.entries.map((e) => e.lineContent.slice(-8))).toEqual(
      ['debug 10', 'debug 11', 'debug 12', 'debug 13', 'debug 14', 'debug 15'].map((s) =>
        s.padStart(8),
      ),
    );
  });

  it('marks the lines a highlight matches, with where it matches', async () => {
    const res = await page({ logTypes: 'syslog', highlight: 'LINK\\s+down', pageSize: '20' });
    const marked = res.entries.filter((e) => e.isHighlight);
    expect(marked.map((e) => e.lineContent)).toEqual(
      res.entries.filter((e) => /link down/.test(e.lineContent)).map((e) => e.lineContent),
    );
    expect(marked.length).toBeGreaterThan(0);
    for (const e of marked) {
      const [[s, end]] = e.highlights as [[number, number]];
      expect(e.lineContent.slice(s, end)).toBe('link down');
    }
    expect(res.highlight).toEqual({ text: 'LINK\\s+down', mode: 'regex', message: null });
  });

  it('moves on to the first page holding a highlight when asked (updatedPage)', async () => {
    const want = mergedOrder();
    const at = want.findIndex((w) => w.text.includes('ERROR [modem] debug 31'));
    const expectedPage = Math.floor(at / 10) + 1;
    const res = await page({
      logTypes: 'syslog,debug',
      highlight: 'debug 31$',
      requireHighlight: 'true',
      pageNumber: '2',
      pageSize: '10',
    });
    expect(res.updatedPage).toBe(expectedPage);
    expect(res.entries.filter((e) => e.isHighlight).map((e) => e.lineContent)).toEqual([
      want[at]!.text,
    ]);
    expect(res.entries.every((e) => e.updatedPage === expectedPage)).toBe(true);
    // The page itself when it holds one; the asked page when none follows.
    const same = await page({
      logTypes: 'syslog',
      highlight: 'track',
      requireHighlight: 'true',
      pageSize: '10',
    });
    expect(same.updatedPage).toBe(1);
    const none = await page({
      logTypes: 'syslog,debug',
      highlight: 'debug 31$',
      requireHighlight: 'true',
      pageNumber: String(expectedPage + 1),
      pageSize: '10',
    });
    expect(none.updatedPage).toBe(expectedPage + 1);
    expect(none.entries.some((e) => e.isHighlight)).toBe(false);
  });

  it('filters to the matching lines, paging over the matches', async () => {
    const want = mergedOrder().filter((w) => /link down|error/i.test(w.text));
    const one = await page({ logTypes: 'syslog,debug', filter: 'link down|ERROR', pageSize: '4' });
    const two = await page({
      logTypes: 'syslog,debug',
      filter: 'link down|ERROR',
      pageSize: '4',
      pageNumber: '2',
    });
    const all = await page({
      logTypes: 'syslog,debug',
      filter: 'link down|ERROR',
      pageSize: '1000',
    });
    expect([...one.entries, ...two.entries].map((e) => e.lineContent)).toEqual(
      want.slice(0, 8).map((w) => w.text),
    );
    expect(all.entries.map((e) => e.lineContent)).toEqual(want.map((w) => w.text));
    expect(all.entries.every((e) => e.highlights.length > 0 && !e.isHighlight)).toBe(true);
  });

  it('streams every matching entry with pageSize -1', async () => {
    const res = await search({ logTypes: 'syslog,debug', filter: 'error', pageSize: '-1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = logSearchPageSchema.parse(res.json());
    expect(body.entries.map((e) => e.lineContent)).toEqual(
      mergedOrder()
        .filter((w) => /error/i.test(w.text))
        .map((w) => w.text),
    );
    expect(body.pageSize).toBe(-1);
  });

  it('searches a pattern that does not parse as the text typed', async () => {
    const res = await page({ logTypes: 'syslog', filter: 'link down (zone', pageSize: '100' });
    expect(res.filter).toMatchObject({ mode: 'literal' });
    expect(res.filter?.message).toContain("Not enough )'s");
    expect(res.entries.map((e) => e.lineContent)).toEqual(
      logs().syslog.filter((l) => l.includes('link down (zone')),
    );
  });

  it('answers log lines holding markup as text, exactly as written', async () => {
    const res = await page({ logTypes: 'syslog', filter: 'script|onerror', pageSize: '10' });
    expect(res.entries.map((e) => e.lineContent)).toEqual([
      `${iso(T0 + 26_000)} KYM-LOGS ${SCRIPT}`,
      `${iso(T0 + 28_000)} KYM-LOGS ${IMG}`,
    ]);
  });

  it('runs hostile patterns in linear time', async () => {
    for (const filter of ['(a+)+$', '(.*a){20}', '((\\w+\\s?)*)*x$']) {
      const started = Date.now();
      const res = await page({ logTypes: 'syslog,debug', filter, pageSize: '5' });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(res.filter?.mode).toBe('regex');
    }
  });

  it.each([
    [{}, LM.logTypesRequired, 'logTypes'],
    [{ logTypes: '' }, LM.logTypesRequired, 'logTypes'],
    [{ logTypes: 'kernel' }, LM.unknownLogType('kernel'), 'logTypes'],
    [{ logTypes: 'syslog', filter: '(a)\\1' }, 'a backreference (\\1)', 'filter'],
    [{ logTypes: 'syslog', highlight: 'a(?=b)' }, 'a lookahead', 'highlight'],
    [
      { logTypes: 'syslog', filter: 'x'.repeat(1001) },
      'The search pattern must be at most 1000 characters.',
      'filter',
    ],
    [
      { logTypes: 'syslog', fromDate: iso(T0 + 60_000), toDate: iso(T0) },
      LM.datesOutOfOrder,
      'fromDate',
    ],
    [{ logTypes: 'syslog', fromDate: 'yesterday' }, 'fromDate', 'fromDate'],
    [{ logTypes: 'syslog', pageNumber: '0' }, 'pageNumber', 'pageNumber'],
    [{ logTypes: 'syslog', pageNumber: '10000001' }, 'pageNumber', 'pageNumber'],
    [{ logTypes: 'syslog', pageSize: '1001' }, LM.pageSizeInvalid, 'pageSize'],
    [{ logTypes: 'syslog', pageSize: '0' }, LM.pageSizeInvalid, 'pageSize'],
    [{ logTypes: 'syslog', requireHighlight: 'yes' }, 'requireHighlight', 'requireHighlight'],
    [{ logTypes: 'syslog', filter: 'a\u0000b' }, 'filter', 'filter'],
  ])('refuses %j with 400 naming the field', async (query, message, field) => {
    const res = await search(query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ApiErrorBody>().message).toContain(message);
    expect(res.json<ApiErrorBody>().field).toBe(field);
  });

  it("answers 404 for another account's file and 403 for a role without diagnostics", async () => {
    for (const role of ['accountAdmin', 'credentialed'] as const) {
      const outside = await search({ logTypes: 'syslog' }, elsewhere, role);
      expect(outside.statusCode).toBe(404);
      expect(outside.json<ApiErrorBody>().message).toBe(M.serverFileNotFound);
      expect((await search({ logTypes: 'syslog' }, northwind, role)).statusCode).toBe(403);
    }
    const unknown = await search({
      logTypes: 'syslog',
      relativePath: `${northwind.antennaSerial}/${bundleName(northwind.antennaSerial, new Date('2020-01-01T00:00:00Z'))}`,
    });
    expect(unknown.statusCode).toBe(404);
    const dates = await api.call('accountAdmin', 'GET', '/v1/diagnostics/reports/syslog/dates', {
      query: { antennaSerial: elsewhere.antennaSerial, relativePath: elsewhere.relativePath },
    });
    expect(dates.statusCode).toBe(404);
  });

  it('builds a missing index on first use and keeps it (bundles processed before the log search)', async () => {
    const id = (await fileId(elsewhere))!;
    const dir = path.join(api.ctx.config.blobDir, 'objects', 'diagnostics-index', id);
    await rm(dir, { recursive: true, force: true });
    const res = await pageOf(elsewhere, {
      logTypes: 'syslog,debug',
      filter: 'debug 3[0-9]',
      pageSize: '100',
    });
    expect(res.entries.map((e) => e.lineContent.slice(-8))).toEqual(
      Array.from({ length: 10 }, (_, k) => `debug 3${k}`),
    );
    expect(existsSync(path.join(dir, 'lines', 'logs', 'syslog.1.lidx'))).toBe(true);
    expect(existsSync(path.join(dir, 'lines', 'logs', 'debug.lidx'))).toBe(true);
  });
});

async function pageOf(file: DiagnosticFile, query: Record<string, string>) {
  const res = await search(query, file);
  expect(res.statusCode, res.body).toBe(200);
  return logSearchPageSchema.parse(res.json());
}
