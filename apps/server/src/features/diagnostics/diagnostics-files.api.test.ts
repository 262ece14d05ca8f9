import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DIAGNOSTICS_LIMITS as L,
  DIAGNOSTICS_MESSAGES as M,
  bistReportSchema,
  diagnosticFileSchema,
  diagnosticOverviewSchema,
  diagnosticReportTypesSchema,
  diagnosticUploadResponseSchema,
  jobSchema,
  postReportSchema,
  type DiagnosticFile,
  type RoleKey,
} from '@aerie/contract';
import { bundleName, generateBundleEntries, type ParsedKeyring } from '@aerie/kdp';
import {
  deviceWithAntenna,
  hostileBundles,
  packBundle,
  processed,
  upload,
} from '../../test/diagnostic-bundles.js';
import { MISSING_ID } from '../../test/fleet-fixtures.js';
import { useApiContext } from '../../test/test-app.js';
import { DIAGNOSTICS_SERVER_MESSAGES as S } from './diagnostics.messages.js';
import { signBlobToken } from './signed-url.js';

const api = useApiContext();

const TAKEN_AT = new Date('2026-11-22T12:00:00Z');
let keys: ParsedKeyring;
type Stored = {
  device: Awaited<ReturnType<typeof deviceWithAntenna>>;
  file: DiagnosticFile;
  bytes: Buffer;
};
/** A processed bundle of a Northwind device, and one of a device of another account. */
let northwind: Stored;
let elsewhere: Stored;

const dataDir = () => api.ctx.config.dataDir;
const quarantine = () => api.ctx.config.diagnostics.quarantineDir;
const published = (fileId: string) =>
  path.join(api.ctx.config.blobDir, 'objects', 'diagnostics-content', fileId);

async function store(where: 'northwind' | 'elsewhere'): Promise<Stored> {
  const device = await deviceWithAntenna(api, where);
  const { fileName, bytes } = await packBundle(keys, {
    antennaSerial: device.antennaSerial,
    takenAt: TAKEN_AT,
    bistFailures: 2,
  });
  const res = await upload(api, 'superUser', device.antennaSerial, fileName, bytes);
  expect(res.statusCode, res.body).toBe(200);
  const { file } = diagnosticUploadResponseSchema.parse(res.json()).data;
  expect((await processed(api, device.antennaSerial, fileName)).status).toBe('Ready');
  return { device, file, bytes };
}

const report = (kind: string, s: Stored, role: RoleKey = 'superUser') =>
  api.call(role, 'GET', `/v1/diagnostics/reports/${kind}`, {
    query: { antennaSerial: s.file.antennaSerial, relativePath: s.file.relativePath },
  });
const download = (s: Stored, role: RoleKey, p = s.file.relativePath) =>
  api.call(role, 'GET', `/v2/storage/diagnostics/${s.file.antennaSerial}/download`, {
    query: { path: p },
  });
const byHash = (deviceId: string, hash: string, role: RoleKey = 'superUser') =>
  api.call(role, 'GET', `/v2/devices/${deviceId}/diagnostics/${hash}`);
const blobUrl = (s: Stored, role: RoleKey, view = false) =>
  api.call(role, 'POST', '/v2/storage/blob', {
    body: { container: 'diagnostics', filePath: s.file.relativePath, view },
  });

/** Every file under `dir` with a hash of its content (a tree to compare before and after). */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(e.parentPath, e.name);
    const s = await stat(full);
    out[path.relative(dir, full)] = e.isFile()
      ? `${createHash('sha256')
          .update(await readFile(full))
          .digest('hex')} ${s.mtimeMs}`
      : 'dir';
  }
  return out;
}

beforeAll(async () => {
  keys = await api.ctx.app.services.diagnostics.keyring();
  northwind = await store('northwind');
  elsewhere = await store('elsewhere');
}, 60_000);

describe('processing', () => {
  it('publishes every file of the bundle, indexed with its size and time, and empties the quarantine', async () => {
    const expected: { path: string; size: number }[] = [];
    for await (const entry of generateBundleEntries({
      antennaSerial: northwind.device.antennaSerial,
      takenAt: TAKEN_AT,
      bistFailures: 2,
      trackingHours: 0.1,
      logLines: 500,
    })) {
      const size = entry.size ?? (entry.body instanceof Uint8Array ? entry.body.length : -1);
      expected.push({ path: entry.path, size });
    }
    const fileId = (await api.scalar<string>(
      'select id from diagnostic_files where file_hash = $1',
      [northwind.file.fileHash],
    ))!;
    const entries = await api.rows<{ path: string; size: number }>(
      'select path, size::float8 as size from diagnostic_entries where file_id = $1 order by path',
      [fileId],
    );
    expect(entries).toEqual(expected.sort((a, b) => (a.path < b.path ? -1 : 1)));
    expect(await readFile(path.join(published(fileId), 'overview', 'Serial'), 'utf8')).toBe(
      `${northwind.device.antennaSerial}\n`,
    );
    expect(await readdir(quarantine())).toEqual([]);
  });

  it('ends the job with Success and progress 1, unpacked while it uploaded', async () => {
    const job = jobSchema.parse(
      (await api.call('superUser', 'GET', `/v2/jobs/${northwind.file.jobId}`)).json(),
    );
    expect(job).toMatchObject({
      kind: 'processDiagnosticBundle',
      status: 'Success',
      progress: 1,
      result: { status: 'Ready', unpackedWhileUploading: true },
      payload: { antennaSerial: northwind.device.antennaSerial, fileName: northwind.file.fileName },
    });
  });

  describe('rejects hostile and damaged bundles, publishing nothing and writing nowhere else', () => {
    const canary = () => path.join(dataDir(), 'canary');
    let before: Record<string, string>;
    let corpus: Awaited<ReturnType<typeof hostileBundles>>;

    beforeAll(async () => {
      await mkdir(path.join(canary(), 'deeper'), { recursive: true });
      await writeFile(path.join(canary(), 'file'), 'the canary\n');
      await writeFile(path.join(canary(), 'deeper', 'file'), 'the canary, deeper\n');
      before = await snapshot(canary());
      corpus = await hostileBundles(
        keys,
        (
          await packBundle(keys, {
            antennaSerial: 'HOSTILE-1',
            takenAt: TAKEN_AT,
            chunkSize: 4096,
          })
        ).bytes,
      );
    }, 60_000);

    it('has a corpus of every kind', () => {
      expect(corpus.map((c) => c.code).sort()).toEqual(
        expect.arrayContaining([
          'unsafe-entry',
          'limit-exceeded',
          'truncated',
          'authentication-failed',
          'unknown-key',
        ]),
      );
    });

    it('rejects each with the reason, its job ends Error, nothing is published', async () => {
      let minute = 0;
      for (const hostile of corpus) {
        const fileName = bundleName('HOSTILE-1', new Date(Date.UTC(2026, 0, 1, 0, minute++)));
        const res = await upload(api, 'superUser', 'HOSTILE-1', fileName, hostile.bytes);
        expect(res.statusCode, `${hostile.label}: ${res.body}`).toBe(200);
        const row = await processed(api, 'HOSTILE-1', fileName, 60_000);
        expect(row.status, hostile.label).toBe('Rejected');
        expect(row.statusMessage, hostile.label).toMatch(hostile.message);
        const job = jobSchema.parse(
          (await api.call('superUser', 'GET', `/v2/jobs/${row.jobId}`)).json(),
        );
        expect(job, hostile.label).toMatchObject({
          status: 'Error',
          result: { status: 'Rejected', code: hostile.code, message: row.statusMessage },
        });
        expect(existsSync(published(row.id)), hostile.label).toBe(false);
        expect(
          await api.count('select count(*)::int as n from diagnostic_entries where file_id = $1', [
            row.id,
          ]),
        ).toBe(0);
        expect(await readdir(quarantine()), hostile.label).toEqual([]);
        // The reports say why rather than read anything.
        const overview = await api.call('superUser', 'GET', '/v1/diagnostics/reports/overview', {
          query: { antennaSerial: 'HOSTILE-1', relativePath: `HOSTILE-1/${fileName}` },
        });
        expect(overview.statusCode).toBe(409);
        expect(overview.json()).toMatchObject({ message: M.rejected(row.statusMessage!) });
      }
    }, 180_000);

    it('left the canary beside the quarantine, and every other place, untouched', async () => {
      expect(await snapshot(canary())).toEqual(before);
      expect(await readdir(dataDir())).not.toContain('pwned');
      expect(existsSync('/tmp/aerie-pwned')).toBe(false);
      expect(existsSync(path.join(quarantine(), '..', 'canary', 'pwned'))).toBe(false);
      expect(existsSync(path.join(quarantine(), '..', '..', 'canary'))).toBe(false);
    });
  });
});

describe('reports', () => {
  it('lists the six report types, all but the log search enabled', async () => {
    const res = await api.call('salesSupport', 'GET', '/v1/diagnostics/reports');
    expect(diagnosticReportTypesSchema.parse(res.json()).reports).toEqual([
      { name: 'Overview', route: 'overview', enabled: true },
      { name: 'BIST', route: 'bist', enabled: true },
      { name: 'POST', route: 'post', enabled: true },
      { name: 'AIM Tracking', route: 'aim-tracking', enabled: true },
      { name: 'Metrics', route: 'aim-metric', enabled: true },
      { name: 'Search', route: 'system-logs', enabled: true },
    ]);
  });

  it('reads the overview, compared with the device the antenna belongs to', async () => {
    const res = await report('overview', northwind);
    expect(res.statusCode, res.body).toBe(200);
    const overview = diagnosticOverviewSchema.parse(res.json());
    expect(overview).toMatchObject({
      fileName: northwind.file.fileName,
      antennaSerial: northwind.device.antennaSerial,
    });
    expect(overview.files.map((f) => f.name)).toContain('Serial');
    expect(overview.comparison.length).toBeGreaterThan(0);
  });

  it('reads the BIST (the latest self test, with its failures) and all eleven POST runs', async () => {
    const bist = bistReportSchema.parse((await report('bist', northwind)).json());
    expect(bist.run.name).toBe('post');
    expect(bist.run.data?.status).not.toBe(0);
    const post = postReportSchema.parse((await report('post', northwind)).json());
    expect(post.runs.map((r) => r.name)).toEqual([
      'post',
      ...Array.from({ length: 10 }, (_, i) => `post.${i}`),
    ]);
  });

  it('answers 409 while the file is processed or when it was rejected', async () => {
    const id = await api.scalar<string>('select id from diagnostic_files where file_hash = $1', [
      elsewhere.file.fileHash,
    ]);
    try {
      for (const status of ['Queued', 'Processing']) {
        await api.rows('update diagnostic_files set status = $2 where id = $1', [id, status]);
        const res = await report('bist', elsewhere);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ message: M.stillProcessing });
      }
      await api.rows(
        "update diagnostic_files set status = 'Rejected', status_message = 'it was bad' where id = $1",
        [id],
      );
      expect((await report('post', elsewhere)).json()).toMatchObject({
        message: M.rejected('it was bad'),
      });
    } finally {
      await api.rows(
        "update diagnostic_files set status = 'Ready', status_message = null where id = $1",
        [id],
      );
    }
  });

  it('answers 404 for a path of no stored file and 400 for a malformed one', async () => {
    const serialOf = northwind.device.antennaSerial;
    const missing = await api.call('superUser', 'GET', '/v1/diagnostics/reports/overview', {
      query: {
        antennaSerial: serialOf,
        relativePath: `${serialOf}/${serialOf}_20200101000000.kdp`,
      },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: M.serverFileNotFound });
    const bad = await api.call('superUser', 'GET', '/v1/diagnostics/reports/overview', {
      query: { antennaSerial: serialOf, relativePath: `${serialOf}/../x` },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: M.download.invalidPath, field: 'relativePath' });
  });
});

describe('downloads', () => {
  it.each([
    ['a parent segment', (s: string, n: string) => `${s}/../${s}/${n}`],
    ['a parent segment only', () => '../../etc/passwd'],
    ['a leading ./', (s: string, n: string) => `./${s}/${n}`],
    ['an absolute path', (s: string, n: string) => `/${s}/${n}`],
    ['a backslash', (s: string, n: string) => `${s}\\${n}`],
    ['another serial', (_s: string, n: string) => `OTHER-1/${n}`],
    ['a double-encoded traversal', (s: string, n: string) => `%2e%2e%2f${s}/${n}`],
  ])('refuses %s with 400 Invalid path.', async (_why, make) => {
    const s = northwind.file.antennaSerial;
    const res = await download(northwind, 'superUser', make(s, northwind.file.fileName));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message: M.download.invalidPath, field: 'path' });
  });

  it('decodes the query once: an encoded ../ is refused as ../, a NUL or an over-long path too', async () => {
    const s = northwind.file.antennaSerial;
    const url = `/v2/storage/diagnostics/${s}/download?path=`;
    const encoded = await api.call('superUser', 'GET', `${url}%2e%2e%2f%2e%2e%2fetc%2fpasswd`);
    expect(encoded.statusCode).toBe(400);
    expect(encoded.json()).toMatchObject({ message: M.download.invalidPath, field: 'path' });
    const nul = await api.call('superUser', 'GET', `${url}${s}%2F${northwind.file.fileName}%00`);
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ field: 'path' });
    const long = await api.call('superUser', 'GET', `${url}${'a'.repeat(L.maxPathLength + 1)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ field: 'path' });
  });

  it('answers 404 for a well-formed path of no stored file', async () => {
    const s = northwind.file.antennaSerial;
    const res = await download(northwind, 'superUser', `${s}/${s}_20200101000000.kdp`);
    expect(res.statusCode).toBe(404);
  });
});

describe('signed URLs (POST /v2/storage/blob)', () => {
  async function signedUrl(view = false): Promise<URL> {
    const res = await blobUrl(northwind, 'salesSupport', view);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body.startsWith(`${api.ctx.config.publicUrl}/v2/storage/blob/signed?token=`)).toBe(
      true,
    );
    return new URL(res.body);
  }
  const fetchSigned = (token: string) =>
    api.ctx.app.inject({
      method: 'GET',
      url: `/v2/storage/blob/signed?token=${encodeURIComponent(token)}`,
    });

  it('downloads the bundle without a bearer token, as an attachment or inline', async () => {
    const url = await signedUrl();
    const res = await api.ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(northwind.bytes)).toBe(true);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=/);
    const inline = await signedUrl(true);
    const viewed = await api.ctx.app.inject({
      method: 'GET',
      url: `${inline.pathname}${inline.search}`,
    });
    expect(viewed.headers['content-disposition']).toMatch(/^inline; filename=/);
  });

  it('refuses an altered, forged or expired token with 403', async () => {
    const token = (await signedUrl()).searchParams.get('token')!;
    const [payload, signature] = token.split('.') as [string, string];
    const first = signature.startsWith('A') ? 'B' : 'A';
    const last = signature.at(-1) === 'A' ? 'B' : 'A';
    const other = Buffer.from(
      JSON.stringify({ c: 'diagnostics', p: elsewhere.file.relativePath, v: false, e: 9e9 }),
    ).toString('base64url');
    for (const bad of [
      `${payload}.${first}${signature.slice(1)}`,
      `${payload}.${signature.slice(0, -1)}${last}`,
      `${other}.${signature}`,
      `${payload}x.${signature}`,
      'not-a-token',
    ]) {
      const res = await fetchSigned(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json()).toMatchObject({ message: S.invalidLink });
    }
    const key = Buffer.from(
      (await api.scalar<string>(
        "select material->>'key' from identity_keys where id = 'diagnostics-url-signing-1'",
      ))!,
      'base64',
    );
    const claims = { container: 'diagnostics', path: northwind.file.relativePath, view: false };
    const expired = signBlobToken(key, { ...claims, expiresAt: Math.floor(Date.now() / 1000) - 1 });
    expect((await fetchSigned(expired)).statusCode).toBe(403);
    const valid = signBlobToken(key, { ...claims, expiresAt: Math.floor(Date.now() / 1000) + 60 });
    expect((await fetchSigned(valid)).statusCode).toBe(200);
  });

  it('refuses a path that is not a stored file: 400 malformed, 404 unknown', async () => {
    const bad = await api.call('superUser', 'POST', '/v2/storage/blob', {
      body: { container: 'diagnostics', filePath: '../../etc/passwd' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: M.download.invalidPath, field: 'filePath' });
    const unknown = await api.call('superUser', 'POST', '/v2/storage/blob', {
      body: { container: 'diagnostics', filePath: 'NONE-1/NONE-1_20200101000000.kdp' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('text fields', () => {
  it('refuses NUL or over-long text with 400 naming the field', async () => {
    const s = northwind.file;
    const cases: [string, Promise<{ statusCode: number; json: () => unknown }>][] = [
      ['token', api.call(null, 'GET', `/v2/storage/blob/signed?token=${'a'.repeat(1001)}`)],
      ['token', api.call(null, 'GET', '/v2/storage/blob/signed?token=a%00b')],
      [
        'filePath',
        api.call('superUser', 'POST', '/v2/storage/blob', {
          body: { container: 'diagnostics', filePath: `${s.relativePath}\u0000` },
        }),
      ],
      [
        'filePath',
        api.call('superUser', 'POST', '/v2/storage/blob', {
          body: { container: 'diagnostics', filePath: 'a'.repeat(L.maxPathLength + 1) },
        }),
      ],
      [
        'relativePath',
        api.call('superUser', 'GET', '/v1/diagnostics/reports/bist', {
          query: { antennaSerial: s.antennaSerial, relativePath: `${s.relativePath}\u0000` },
        }),
      ],
      [
        'antennaSerial',
        api.call('superUser', 'GET', '/v1/diagnostics/reports/bist', {
          query: { antennaSerial: 'A'.repeat(L.maxSerialLength + 1), relativePath: s.relativePath },
        }),
      ],
      ['serial', api.call('superUser', 'GET', `/v2/storage/diagnostics/${'A'.repeat(65)}/items`)],
      ['serial', api.call('superUser', 'GET', '/v2/storage/diagnostics/a%00b/items')],
    ];
    for (const [field, call] of cases) {
      const res = await call;
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({ field });
    }
  });
});

describe('GET /v2/devices/{id}/diagnostics/{fileHash}', () => {
  it("answers the device's file by its hash", async () => {
    const res = await byHash(northwind.device.id, northwind.file.fileHash);
    expect(res.statusCode, res.body).toBe(200);
    expect(diagnosticFileSchema.parse(res.json())).toMatchObject({
      fileName: northwind.file.fileName,
      status: 'Ready',
      deviceId: northwind.device.id,
    });
  });

  it('answers 404 for the hash of another device’s file, an unknown hash or device', async () => {
    for (const [deviceId, hash] of [
      [northwind.device.id, elsewhere.file.fileHash],
      [northwind.device.id, '0'.repeat(32)],
      [MISSING_ID, northwind.file.fileHash],
    ] as const) {
      const res = await byHash(deviceId, hash);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: M.serverFileNotFound });
    }
  });
});

describe('who may read a file: outside the caller’s accounts 404, then the role (403)', () => {
  type Call = (s: Stored, role: RoleKey) => Promise<{ statusCode: number }>;
  const calls: [string, Call][] = [
    ['download', (s, role) => download(s, role)],
    ['a signed URL', (s, role) => blobUrl(s, role)],
    ['the file by hash', (s, role) => byHash(s.device.id, s.file.fileHash, role)],
    ['the overview', (s, role) => report('overview', s, role)],
    ['the BIST report', (s, role) => report('bist', s, role)],
    ['the POST report', (s, role) => report('post', s, role)],
  ];

  it.each(calls)('%s', async (_name, call) => {
    const statuses: Record<string, number> = {};
    for (const role of [
      'superUser',
      'providerAdmin',
      'salesSupport',
      'productSupport',
      'accountAdmin',
      'credentialed',
    ] as const) {
      statuses[`${role} northwind`] = (await call(northwind, role)).statusCode;
      statuses[`${role} elsewhere`] = (await call(elsewhere, role)).statusCode;
    }
    expect(statuses).toEqual({
      'superUser northwind': 200,
      'superUser elsewhere': 200,
      'providerAdmin northwind': 200,
      'providerAdmin elsewhere': 200,
      'salesSupport northwind': 200,
      'salesSupport elsewhere': 200,
      // Staff see every account: the role is what refuses.
      'productSupport northwind': 403,
      'productSupport elsewhere': 403,
      // Northwind's users: their own account's file is refused by role, another's is unseen.
      'accountAdmin northwind': 403,
      'accountAdmin elsewhere': 404,
      'credentialed northwind': 403,
      'credentialed elsewhere': 404,
    });
  });

  it('refuses the report types to roles without the permission (403)', async () => {
    for (const role of ['productSupport', 'accountAdmin', 'credentialed'] as const) {
      expect((await api.call(role, 'GET', '/v1/diagnostics/reports')).statusCode).toBe(403);
    }
  });
});
