import { createHash } from 'node:crypto';
import { mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DIAGNOSTICS_LIMITS as L,
  DIAGNOSTICS_MESSAGES as M,
  diagnosticFileListSchema,
  diagnosticUploadResponseSchema,
  jobListSchema,
  roleKeys,
  type RoleKey,
} from '@aerie/contract';
import { BUNDLE_NAME_MESSAGES, bundleName, type ParsedKeyring } from '@aerie/kdp';
import {
  deviceWithAntenna,
  packBundle,
  processed,
  upload,
  uploadBody,
} from '../../test/diagnostic-bundles.js';
import { useApiContext } from '../../test/test-app.js';
import { DIAGNOSTICS_SERVER_MESSAGES as S } from './diagnostics.messages.js';
import { PROCESS_BUNDLE_JOB } from './index.js';

/** A small limit in place of the spec's 500 MB (DIAGNOSTICS_MAX_FILE_BYTES). */
const LIMIT = 256 * 1024;
const api = useApiContext({ env: { DIAGNOSTICS_MAX_FILE_BYTES: String(LIMIT) } });

let keys: ParsedKeyring;
let device: Awaited<ReturnType<typeof deviceWithAntenna>>;
let serial: string;
let stamp = Date.UTC(2026, 10, 1, 0, 0, 0);

/** A bundle of the device's antenna with a name not used before in this file. */
async function freshBundle(antennaSerial = serial) {
  stamp += 60_000;
  return packBundle(keys, { antennaSerial, takenAt: new Date(stamp) });
}

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
const blobsDir = () => path.join(api.ctx.config.blobDir);

/** Every file the blob store holds, relative to its folder. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(blobsDir(), { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(blobsDir(), path.join(e.parentPath, e.name)))
    .sort();
}
const staged = async () =>
  (await storedFiles()).filter((f) => !f.startsWith('objects/diagnostics'));

/**
 * The quarantine's folders once every unpack ended, within 5 s (a filed upload's unpack runs
 * on after its answer): an upload that failed must leave none.
 */
async function quarantineLeft(): Promise<string[]> {
  const list = () => readdir(api.ctx.config.diagnostics.quarantineDir).catch(() => []);
  const deadline = Date.now() + 5_000;
  while ((await list()).length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return list();
}

function refused(
  res: { statusCode: number; json: () => unknown; body: string },
  status: number,
  message: string,
  field?: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ statusCode: status, message, ...(field ? { field } : {}) });
}

beforeAll(async () => {
  keys = await api.ctx.app.services.diagnostics.keyring();
  device = await deviceWithAntenna(api, 'northwind');
  serial = device.antennaSerial;
});

describe('POST /v2/storage/diagnostics/{serial}', () => {
  it("stores a bundle of a device's antenna: the device, the blob (contentMD5 = the bytes' MD5) and the file", async () => {
    const bundle = await freshBundle();
    const res = await upload(api, 'superUser', serial, bundle.fileName, bundle.bytes);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = diagnosticUploadResponseSchema.parse(res.json());
    expect(data.duplicate).toBe(false);
    expect(data.device).toEqual({ id: device.id, name: device.name, serial: device.serial });
    expect(data.items[0]).toMatchObject({
      fileName: bundle.fileName,
      fileSize: bundle.bytes.length,
      contentType: 'application/octet-stream',
      contentMD5: md5(bundle.bytes),
      fileHash: md5(bundle.bytes),
      uri: `storage://diagnostics/${serial}/${bundle.fileName}`,
    });
    expect(data.file).toMatchObject({
      fileName: bundle.fileName,
      fileHash: md5(bundle.bytes),
      fileSize: bundle.bytes.length,
      antennaSerial: serial,
      relativePath: `${serial}/${bundle.fileName}`,
      deviceId: device.id,
      diagnosticCreatedOn: new Date(stamp).toISOString(),
      uploadedBy: 'Sofia Reyes',
      statusMessage: null,
    });
    expect(['Queued', 'Processing', 'Ready']).toContain(data.file.status);
    expect(data.file.jobId).not.toBeNull();
    const row = await api.rows<{ accountId: string }>(
      'select account_id as "accountId" from diagnostic_files where file_name = $1',
      [bundle.fileName],
    );
    expect(row).toEqual([{ accountId: device.accountId }]);
    expect(await storedFiles()).toContain(
      path.join('objects', 'diagnostics', serial, bundle.fileName),
    );
    expect(await staged()).toEqual([]);
    expect(await quarantineLeft()).toEqual([]);
    expect((await processed(api, serial, bundle.fileName)).status).toBe('Ready');
  });

  it("queues a processing job of the device's account that staff see in /v2/jobs", async () => {
    const bundle = await freshBundle();
    const res = await upload(api, 'salesSupport', serial, bundle.fileName, bundle.bytes);
    const { data } = diagnosticUploadResponseSchema.parse(res.json());
    await processed(api, serial, bundle.fileName);
    const jobs = jobListSchema.parse(
      (await api.call('salesSupport', 'GET', '/v2/jobs', { query: { take: '100' } })).json(),
    );
    expect(jobs.items.find((j) => j.id === data.file.jobId)).toMatchObject({
      kind: PROCESS_BUNDLE_JOB,
      status: 'Success',
      accountId: device.accountId,
      deviceId: device.id,
      progress: 1,
    });
  });

  it('files a serial that no device carries under the provider account, without a device', async () => {
    const bundle = await freshBundle('NODEVICE-1');
    const res = await upload(api, 'providerAdmin', 'NODEVICE-1', bundle.fileName, bundle.bytes);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = diagnosticUploadResponseSchema.parse(res.json());
    expect(data.device).toBeNull();
    expect(data.file.deviceId).toBeNull();
    const account = await api.scalar<string>(
      `select a.kind from diagnostic_files f join accounts a on a.id = f.account_id
        where f.file_name = $1`,
      [bundle.fileName],
    );
    expect(account).toBe('provider');
  });

  it('accepts the device page’s antennaSerial field before the file when it matches', async () => {
    const bundle = await freshBundle();
    const res = await upload(api, 'superUser', serial, bundle.fileName, bundle.bytes, {
      before: [{ name: L.serialField, content: serial }],
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers a name already stored for the serial with the stored file, adding nothing', async () => {
    const first = await freshBundle();
    const stored = diagnosticUploadResponseSchema.parse(
      (await upload(api, 'superUser', serial, first.fileName, first.bytes)).json(),
    );
    const other = Buffer.concat([first.bytes, Buffer.from('different bytes')]);
    const again = await upload(api, 'salesSupport', serial, first.fileName, other);
    expect(again.statusCode, again.body).toBe(200);
    const { data } = diagnosticUploadResponseSchema.parse(again.json());
    expect(data.duplicate).toBe(true);
    expect(data.file.fileHash).toBe(md5(first.bytes));
    expect(data.file.jobId).toBe(stored.data.file.jobId);
    expect(data.items[0]!.contentMD5).toBe(md5(first.bytes));
    expect(
      await api.count('select count(*)::int as n from diagnostic_files where file_name = $1', [
        first.fileName,
      ]),
    ).toBe(1);
    expect(
      await api.count(`select count(*)::int as n from jobs where payload->>'fileName' = $1`, [
        first.fileName,
      ]),
    ).toBe(1);
    const download = await api.call(
      'superUser',
      'GET',
      `/v2/storage/diagnostics/${serial}/download`,
      { query: { path: `${serial}/${first.fileName}` } },
    );
    expect(download.rawPayload.equals(first.bytes)).toBe(true);
    expect(await staged()).toEqual([]);
    expect(await quarantineLeft()).toEqual([]);
  });

  it(`takes a file of exactly the limit and refuses one byte more with 413, keeping nothing`, async () => {
    stamp += 60_000;
    const exact = bundleName(serial, new Date(stamp));
    const ok = await upload(api, 'superUser', serial, exact, Buffer.alloc(LIMIT, 7));
    expect(ok.statusCode, ok.body).toBe(200);
    stamp += 60_000;
    const over = bundleName(serial, new Date(stamp));
    // Bundles and staged uploads (contents of earlier uploads may be published meanwhile).
    const uploaded = async () =>
      (await storedFiles()).filter((f) => !f.startsWith('objects/diagnostics-content/'));
    const before = await uploaded();
    const res = await upload(api, 'superUser', serial, over, Buffer.alloc(LIMIT + 1, 7));
    refused(res, 413, M.tooLarge, L.fileField);
    expect(await uploaded()).toEqual(before);
    expect(
      await api.count('select count(*)::int as n from diagnostic_files where file_name = $1', [
        over,
      ]),
    ).toBe(0);
    // The file of exactly the limit was no bundle: its processing rejects it.
    const rejected = await processed(api, serial, exact);
    expect(rejected.status).toBe('Rejected');
    expect(rejected.statusMessage).toMatch(/not an Aerie diagnostic bundle/);
  });

  it('refuses a declared Content-Length far over the limit before reading the body', async () => {
    const bundle = await freshBundle();
    const { payload, contentType } = uploadBody(bundle.fileName, bundle.bytes);
    const res = await api.ctx.app.inject({
      method: 'POST',
      url: `/v2/storage/diagnostics/${serial}`,
      headers: {
        ...api.as('superUser'),
        'content-type': contentType,
        'content-length': String(L.maxFileBytes * 2),
      },
      payload,
    });
    refused(res, 413, M.tooLarge);
  });

  describe('refuses with 400 naming the field', () => {
    it('a name without an antenna serial, a date or the .kdp extension', async () => {
      const bytes = (await freshBundle()).bytes;
      refused(
        await upload(api, 'superUser', serial, 'nounderscore.kdp', bytes),
        400,
        M.badFileName,
        'file',
      );
      expect(M.badFileName).toBe(BUNDLE_NAME_MESSAGES.serial);
      refused(
        await upload(api, 'superUser', serial, `${serial}_20261399000000.kdp`, bytes),
        400,
        BUNDLE_NAME_MESSAGES.takenAt,
        'file',
      );
      refused(
        await upload(api, 'superUser', serial, `${serial}_20261101000000.tgz`, bytes),
        400,
        BUNDLE_NAME_MESSAGES.extension,
        'file',
      );
    });

    it('a name of another serial than the path, or than the antennaSerial field', async () => {
      const bundle = await freshBundle('OTHER-1');
      refused(
        await upload(api, 'superUser', serial, bundle.fileName, bundle.bytes),
        400,
        M.serialMismatch('OTHER-1', serial),
        'file',
      );
      const own = await freshBundle();
      refused(
        await upload(api, 'superUser', serial, own.fileName, own.bytes, {
          before: [{ name: L.serialField, content: 'OTHER-1' }],
        }),
        400,
        M.serialMismatch(serial, 'OTHER-1'),
        L.serialField,
      );
      expect(await staged()).toEqual([]);
      expect(await quarantineLeft()).toEqual([]);
    });

    it('an empty file, no file, a second file, another field, the serial after the file', async () => {
      const bundle = await freshBundle();
      refused(
        await upload(api, 'superUser', serial, bundle.fileName, new Uint8Array(0)),
        400,
        M.emptyFile,
        'file',
      );
      const { contentType } = uploadBody('x', new Uint8Array(0));
      const none = await api.ctx.app.inject({
        method: 'POST',
        url: `/v2/storage/diagnostics/${serial}`,
        headers: { ...api.as('superUser'), 'content-type': contentType },
        payload: Buffer.from('--aerie-test-boundary--\r\n'),
      });
      refused(none, 400, M.fileRequired, 'file');
      refused(
        await upload(api, 'superUser', serial, bundle.fileName, bundle.bytes, {
          after: [{ name: 'file', fileName: bundle.fileName, content: bundle.bytes }],
        }),
        400,
        M.oneFileOnly,
        'file',
      );
      refused(
        await upload(api, 'superUser', serial, bundle.fileName, bundle.bytes, {
          before: [{ name: 'comment', content: 'hello' }],
        }),
        400,
        M.unexpectedField('comment'),
        'comment',
      );
      refused(
        await upload(api, 'superUser', serial, bundle.fileName, bundle.bytes, {
          after: [{ name: L.serialField, content: serial }],
        }),
        400,
        M.unexpectedField(L.serialField),
        L.serialField,
      );
      refused(
        await upload(api, 'superUser', serial, bundle.fileName, bundle.bytes, {
          before: [{ name: 'file', content: 'text, not a file' }],
        }),
        400,
        M.fileRequired,
        'file',
      );
      // None of them was filed, and nothing was left staged.
      expect(
        await api.count('select count(*)::int as n from diagnostic_files where file_name = $1', [
          bundle.fileName,
        ]),
      ).toBe(0);
      expect(await staged()).toEqual([]);
      expect(await quarantineLeft()).toEqual([]);
    });

    it('a body that is not multipart, or is malformed', async () => {
      refused(
        await api.call('superUser', 'POST', `/v2/storage/diagnostics/${serial}`, {
          body: { file: 'x' },
        }),
        400,
        M.notMultipart,
        'file',
      );
      const bundle = await freshBundle();
      const { payload, contentType } = uploadBody(bundle.fileName, bundle.bytes);
      const cut = await api.ctx.app.inject({
        method: 'POST',
        url: `/v2/storage/diagnostics/${serial}`,
        headers: { ...api.as('superUser'), 'content-type': contentType },
        payload: payload.subarray(0, payload.length - 60),
      });
      refused(cut, 400, M.malformed, 'file');
      expect(await staged()).toEqual([]);
      expect(await quarantineLeft()).toEqual([]);
    });

    it('NUL or over-long text in the serial, the antennaSerial field and the file name', async () => {
      const bundle = await freshBundle();
      const nul = await upload(api, 'superUser', 'a\u0000b', bundle.fileName, bundle.bytes);
      expect(nul.statusCode).toBe(400);
      expect(nul.json()).toMatchObject({ field: 'serial' });
      const long = await upload(api, 'superUser', 'A'.repeat(65), bundle.fileName, bundle.bytes);
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ field: 'serial' });
      for (const value of [`${serial}\u0000`, 'A'.repeat(65), 'has space']) {
        refused(
          await upload(api, 'superUser', serial, bundle.fileName, bundle.bytes, {
            before: [{ name: L.serialField, content: value }],
          }),
          400,
          S.serialFieldInvalid,
          L.serialField,
        );
      }
      const { payload, contentType } = uploadBody('x', bundle.bytes, {});
      const nulName = await api.ctx.app.inject({
        method: 'POST',
        url: `/v2/storage/diagnostics/${serial}`,
        headers: { ...api.as('superUser'), 'content-type': contentType },
        payload: Buffer.from(
          payload
            .toString('latin1')
            .replace('filename="x"', `filename*=UTF-8''${serial}_20261101000000.kdp%00`),
          'latin1',
        ),
      });
      refused(nulName, 400, S.fileNameControl, 'file');
      refused(
        await upload(
          api,
          'superUser',
          serial,
          `${serial}_${'1'.repeat(L.maxFileNameLength)}.kdp`,
          bundle.bytes,
        ),
        400,
        S.fileNameTooLong(L.maxFileNameLength),
        'file',
      );
    });
  });

  it.each(['productSupport', 'accountAdmin', 'credentialed'] as RoleKey[])(
    'refuses %s with 403 before reading the body',
    async (role) => {
      const bundle = await freshBundle();
      const res = await upload(api, role, serial, bundle.fileName, bundle.bytes);
      expect(res.statusCode).toBe(403);
      expect(
        await api.count('select count(*)::int as n from diagnostic_files where file_name = $1', [
          bundle.fileName,
        ]),
      ).toBe(0);
    },
  );

  it('counts against the write budget, and is described as multipart in the OpenAPI document', async () => {
    const routes = api.ctx.app.registeredRoutes.filter(
      (r) => r.url === '/v2/storage/diagnostics/:serial' && r.method === 'POST',
    );
    expect(routes.map((r) => r.writeBudget)).toEqual(['writes']);
    const doc = (await api.ctx.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, { post: { requestBody: { content: Record<string, unknown> } } }>;
    }>();
    expect(
      Object.keys(doc.paths['/v2/storage/diagnostics/{serial}']!.post.requestBody.content),
    ).toEqual(['multipart/form-data']);
  });

  it('answers 401 without a token', async () => {
    const bundle = await freshBundle();
    expect((await upload(api, null, serial, bundle.fileName, bundle.bytes)).statusCode).toBe(401);
  });
});

describe('GET /v2/storage/diagnostics/{serial}/items and …/download', () => {
  it("lists the serial's files newest first (by the time in their names), paged", async () => {
    const older = await packBundle(keys, {
      antennaSerial: 'LIST-1',
      takenAt: new Date('2026-01-01T00:00:00Z'),
    });
    const newer = await packBundle(keys, {
      antennaSerial: 'LIST-1',
      takenAt: new Date('2026-02-01T00:00:00Z'),
    });
    for (const b of [older, newer]) {
      expect((await upload(api, 'superUser', 'LIST-1', b.fileName, b.bytes)).statusCode).toBe(200);
    }
    const list = diagnosticFileListSchema.parse(
      (await api.call('salesSupport', 'GET', '/v2/storage/diagnostics/LIST-1/items')).json(),
    );
    expect(list.total).toBe(2);
    expect(list.items.map((f) => f.fileName)).toEqual([newer.fileName, older.fileName]);
    const page = diagnosticFileListSchema.parse(
      (
        await api.call('salesSupport', 'GET', '/v2/storage/diagnostics/LIST-1/items', {
          query: { skip: '1', take: '1' },
        })
      ).json(),
    );
    expect(page).toMatchObject({ total: 2, items: [{ fileName: older.fileName }] });
    const empty = await api.call('superUser', 'GET', '/v2/storage/diagnostics/NOTHING-1/items');
    expect(empty.json()).toEqual({ items: [], total: 0 });
  });

  it('downloads a bundle byte for byte, as an attachment of its name and length', async () => {
    const bundle = await freshBundle();
    await upload(api, 'superUser', serial, bundle.fileName, bundle.bytes);
    const res = await api.call(
      'providerAdmin',
      'GET',
      `/v2/storage/diagnostics/${serial}/download`,
      {
        query: { path: `${serial}/${bundle.fileName}` },
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bundle.bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-length']).toBe(String(bundle.bytes.length));
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${bundle.fileName}"; filename*=UTF-8''${bundle.fileName}`,
    );
  });

  it.each(roleKeys.filter((r) => !['superUser', 'providerAdmin', 'salesSupport'].includes(r)))(
    'refuses to list for %s (403)',
    async (role) => {
      const res = await api.call(role, 'GET', `/v2/storage/diagnostics/${serial}/items`);
      expect(res.statusCode).toBe(403);
    },
  );
});

describe('over a real connection', () => {
  let base = '';
  beforeAll(async () => {
    base = await api.ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });

  /**
   * Opens a chunked upload (no length) as a superUser and sends the multipart head of a file
   * part named `fileName`; the caller writes the body. Its errors are the caller's to watch.
   */
  function openChunkedUpload(fileName: string, boundary: string): http.ClientRequest {
    const request = http.request(`${base}/v2/storage/diagnostics/${serial}`, {
      method: 'POST',
      headers: {
        ...api.as('superUser'),
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
      },
    });
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    return request;
  }

  /**
   * Sends the multipart head, then `chunk` again and again (chunked, no length) until the server
   * answers or `stopAfter` bytes went; resolves with the status and the bytes sent.
   */
  function chunkedUpload(fileName: string, chunk: Buffer, stopAfter: number) {
    const boundary = 'aerie-chunked-boundary';
    return new Promise<{ status: number; sent: number; body: string }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const request = openChunkedUpload(fileName, boundary);
      request.on('response', (response) => {
        answered = true;
        let body = '';
        response.on('data', (d: Buffer) => (body += d.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, sent, body }));
      });
      request.on('error', (error) => {
        if (!answered) reject(error);
      });
      const pump = () => {
        while (!answered && sent < stopAfter) {
          sent += chunk.length;
          if (!request.write(chunk)) {
            request.once('drain', pump);
            return;
          }
        }
        if (!answered) request.end(`\r\n--${boundary}--\r\n`);
      };
      pump();
    });
  }

  it('cuts off a chunked body as soon as it passes the limit, keeping nothing', async () => {
    stamp += 60_000;
    const fileName = bundleName(serial, new Date(stamp));
    // The client would send 64 times the limit; the server answers long before.
    const result = await chunkedUpload(fileName, Buffer.alloc(16 * 1024, 1), LIMIT * 64);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({ message: M.tooLarge });
    expect(result.sent).toBeLessThan(LIMIT * 64);
    expect(await staged()).toEqual([]);
    expect(await quarantineLeft()).toEqual([]);
    expect(
      await api.count('select count(*)::int as n from diagnostic_files where file_name = $1', [
        fileName,
      ]),
    ).toBe(0);
  });

  it(`refuses a user's upload past ${L.maxParallelUploads} at once with 429, and takes it again after`, async () => {
    const boundary = 'aerie-slow-boundary';
    const open = Array.from({ length: L.maxParallelUploads }, (_, i) => {
      const request = openChunkedUpload(`${serial}_2026010100000${i}.kdp`, boundary);
      request.on('error', () => {});
      request.write(Buffer.alloc(1024, 1));
      return request;
    });
    try {
      // Each is staged (its handler holds a slot) before the next call.
      const deadline = Date.now() + 5_000;
      while ((await staged()).length < open.length && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const bundle = await freshBundle();
      const { payload, contentType } = uploadBody(bundle.fileName, bundle.bytes);
      const refusedUpload = await fetch(`${base}/v2/storage/diagnostics/${serial}`, {
        method: 'POST',
        headers: { ...api.as('superUser'), 'content-type': contentType },
        body: payload,
      });
      expect(refusedUpload.status).toBe(429);
      expect(await refusedUpload.json()).toMatchObject({
        message: S.tooManyUploads(L.maxParallelUploads),
      });
      // Another user has slots of their own.
      const other = await fetch(`${base}/v2/storage/diagnostics/${serial}`, {
        method: 'POST',
        headers: { ...api.as('salesSupport'), 'content-type': contentType },
        body: payload,
      });
      expect(other.status).toBe(200);
    } finally {
      for (const request of open) request.destroy();
    }
    const deadline = Date.now() + 5_000;
    let status = 0;
    while (Date.now() < deadline) {
      const again = await freshBundle();
      status = (await upload(api, 'superUser', serial, again.fileName, again.bytes)).statusCode;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe(200);
    expect(await staged()).toEqual([]);
    expect(await quarantineLeft()).toEqual([]);
  });

  it('leaves no file behind when the client goes away mid-upload', async () => {
    stamp += 60_000;
    const fileName = bundleName(serial, new Date(stamp));
    const boundary = 'aerie-abort-boundary';
    const request = openChunkedUpload(fileName, boundary);
    request.on('error', () => {});
    request.write(Buffer.alloc(LIMIT / 2, 3));
    // The half-sent file is staged by now.
    const deadline = Date.now() + 5_000;
    while ((await staged()).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await staged()).length).toBeGreaterThan(0);
    request.destroy();
    while ((await staged()).length > 0 && Date.now() < deadline + 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await staged()).toEqual([]);
    expect(await quarantineLeft()).toEqual([]);
    expect(
      await api.count('select count(*)::int as n from diagnostic_files where file_name = $1', [
        fileName,
      ]),
    ).toBe(0);
  });
});

describe('processing after a restart', () => {
  it('queues again a file whose queued runs were lost, and leaves ended files alone', async () => {
    const { fileName, bytes } = await freshBundle();
    expect((await upload(api, 'superUser', serial, fileName, bytes)).statusCode).toBe(200);
    const done = await processed(api, serial, fileName);
    expect(done.status).toBe('Ready');
    // As after restarts that used up its retries mid-bundle: still Processing, no run queued.
    await api.rows(`update diagnostic_files set status = 'Processing' where id = $1`, [done.id]);
    await api.rows(`delete from pgboss.job where name = 'diagnostic-bundles'`);
    expect(await api.ctx.app.services.diagnostics.resumeUnfinished()).toBe(1);
    expect((await processed(api, serial, fileName)).status).toBe('Ready');
    expect(
      await api.count('select count(*)::int as n from diagnostic_entries where file_id = $1', [
        done.id,
      ]),
    ).toBeGreaterThan(5);
    // Nothing is left unfinished: nothing is queued.
    expect(await api.ctx.app.services.diagnostics.resumeUnfinished()).toBe(0);
  });

  it('removes what uploads that never ended left: staged bytes an hour old, unpack folders', async () => {
    const objects = path.join(blobsDir(), 'objects', 'uploads');
    await mkdir(objects, { recursive: true });
    await writeFile(path.join(objects, 'crashed'), 'x');
    await writeFile(path.join(objects, 'streaming-now'), 'x');
    const old = new Date(Date.now() - 2 * 3_600_000);
    await utimes(path.join(objects, 'crashed'), old, old);
    const quarantineDir = api.ctx.config.diagnostics.quarantineDir;
    await mkdir(path.join(quarantineDir, 'upload-crashed', 'logs'), { recursive: true });
    expect(await api.ctx.app.services.diagnostics.resumeUnfinished()).toBe(0);
    expect(await staged()).toEqual([path.join('objects', 'uploads', 'streaming-now')]);
    expect(await readdir(quarantineDir)).toEqual([]);
    await rm(path.join(objects, 'streaming-now'));
  });
});
