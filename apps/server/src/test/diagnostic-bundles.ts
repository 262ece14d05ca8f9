/**
 * Diagnostic bundles for tests (docs/formats/kdp.md): real ones from @aerie/kdp's generator and
 * writer, and a corpus of hostile and damaged ones built with @aerie/kdp/testing's raw tar
 * writer (what the package's own writer refuses to write).
 */
import { Readable } from 'node:stream';
import { constants as zlib, createGzip, gzipSync } from 'node:zlib';
import {
  bundleName,
  createBundleWriter,
  encryptStream,
  generateBundleEntries,
  type GenerateOptions,
  type Keyring,
  type ParsedKeyring,
} from '@aerie/kdp';
import { bundleOfTar, flipBit, makeKeyring, rawTar, splitBundle } from '@aerie/kdp/testing';
import type { RoleKey } from '@aerie/contract';
import { NORTHWIND_TREE } from './fleet-fixtures.js';
import { multipartBody, type FormPart } from './multipart.js';
import type { ApiContext } from './test-app.js';

async function collect(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(parts);
}

/** A small but complete bundle of an antenna (about 20 KiB), its name and its bytes. */
export async function packBundle(
  keys: ParsedKeyring,
  options: Partial<GenerateOptions> & { antennaSerial: string; takenAt: Date; chunkSize?: number },
): Promise<{ fileName: string; bytes: Buffer }> {
  const { chunkSize, ...generate } = options;
  const entries = generateBundleEntries({ trackingHours: 0.1, logLines: 500, ...generate });
  const write = createBundleWriter({
    keyring: keys.keyring,
    keyId: keys.currentKeyId,
    ...(chunkSize === undefined ? {} : { chunkSize }),
  });
  return {
    fileName: bundleName(options.antennaSerial, options.takenAt),
    bytes: await collect(write(entries)),
  };
}

/** A hostile or damaged bundle, and what the processing must say about it. */
export interface HostileBundle {
  label: string;
  bytes: Buffer;
  /** The KdpError code the reader stops with. */
  code: string;
  /** A part of the rejection message. */
  message: RegExp;
}

/** Encrypts a plaintext stream under the keyring's key `keyId`. */
function encrypted(plain: AsyncIterable<Buffer>, keyring: Keyring, keyId: string): Promise<Buffer> {
  return collect(Readable.from(plain).pipe(encryptStream(keyring, keyId)));
}

/**
 * A tar of `count` empty files, gzip-compressed and encrypted, streamed: the tar of 10^6
 * entries is 512 MB and is never held whole (the bundle is about 9 MB).
 */
function manyEmptyEntries(count: number, keyring: Keyring, keyId: string): Promise<Buffer> {
  const template = rawTar([{ name: '' }], { end: false }).subarray(0, 512);
  // The checksum field read as spaces, and no name: each header adds its name's bytes.
  const base = Buffer.from(template)
    .fill(0x20, 148, 156)
    .reduce((sum, b) => sum + b, 0);
  const PER_BATCH = 2048;
  async function* tar(): AsyncGenerator<Buffer> {
    for (let first = 0; first < count; first += PER_BATCH) {
      const n = Math.min(PER_BATCH, count - first);
      const batch = Buffer.alloc(n * 512);
      for (let k = 0; k < n; k++) {
        const at = k * 512;
        batch.set(template, at);
        const name = `e/${first + k}`;
        batch.write(name, at, 'latin1');
        let sum = base;
        for (let c = 0; c < name.length; c++) sum += name.charCodeAt(c);
        batch.write(`${sum.toString(8).padStart(6, '0')}\0 `, at + 148, 'latin1');
      }
      yield batch;
    }
    yield Buffer.alloc(1024);
  }
  const gzip = createGzip({ level: zlib.Z_BEST_SPEED });
  return encrypted(Readable.from(tar()).pipe(gzip), keyring, keyId);
}

/**
 * A gzip bomb: a valid archive followed by `zeros` zero bytes (a reader must accept zero padding
 * after the end, and counts it against its inflation limits), as gzip members of 1 MiB of zeros
 * each: about 1 KiB per MiB (a reader accepts several members, as RFC 1952 allows). The reader
 * stops it by its ratio (at most 100 bytes out of gzip per bundle byte, beyond 64 MiB).
 */
function gzipBomb(zeros: number, keyring: Keyring, keyId: string): Promise<Buffer> {
  const MIB = 1024 * 1024;
  const tar = gzipSync(rawTar([{ name: 'overview/Serial', data: Buffer.from('BOMB-1\n') }]));
  const member = gzipSync(Buffer.alloc(MIB), { level: zlib.Z_BEST_COMPRESSION });
  async function* plain(): AsyncGenerator<Buffer> {
    yield tar;
    for (let left = zeros; left > 0; left -= MIB) {
      yield left >= MIB ? member : gzipSync(Buffer.alloc(left));
    }
  }
  return encrypted(plain(), keyring, keyId);
}

/**
 * The corpus: hostile entries (a parent path, an absolute path, links, devices, a FIFO), too
 * many entries, a gzip bomb, and a good bundle truncated, with a flipped bit, under the wrong
 * key and under an unknown key id. Every one must end Rejected with nothing published.
 */
export async function hostileBundles(
  keys: ParsedKeyring,
  good: Buffer,
  options: { manyEntries?: number; bombBytes?: number } = {},
): Promise<HostileBundle[]> {
  const { keyring, currentKeyId: keyId } = keys;
  const file = (name: string) => ({ name, data: Buffer.from('pwned\n') });
  const hostileTar = async (label: string, entries: Parameters<typeof rawTar>[0]) => ({
    label,
    bytes: await bundleOfTar(rawTar(entries), keyring, keyId),
    code: 'unsafe-entry',
    message: /refused/,
  });
  const { header, chunks } = splitBundle(good);
  const middle = chunks[Math.floor(chunks.length / 2)]!;
  const wrongKey = makeKeyring(keyId);
  return [
    await hostileTar('an entry that climbs out with ../', [
      file('overview/Serial'),
      file('../canary/pwned'),
    ]),
    await hostileTar('a deeper ../ after a good folder', [file('logs/../../../canary/pwned')]),
    await hostileTar('an absolute path', [file('/tmp/aerie-pwned')]),
    await hostileTar('a path in a pax header that climbs out', [
      { name: 'innocent', data: Buffer.from('x'), pax: { path: '../../canary/pax-pwned' } },
    ]),
    await hostileTar('a symbolic link', [
      { name: 'logs/link', type: '2', linkname: '/etc/passwd' },
    ]),
    await hostileTar('a hard link', [
      file('a'),
      { name: 'logs/hard', type: '1', linkname: '../../canary/file' },
    ]),
    await hostileTar('a character device', [{ name: 'dev/tty', type: '3' }]),
    await hostileTar('a block device', [{ name: 'dev/sda', type: '4' }]),
    await hostileTar('a FIFO', [{ name: 'logs/fifo', type: '6' }]),
    {
      label: `${options.manyEntries ?? 1_000_000} empty entries`,
      bytes: await manyEmptyEntries(options.manyEntries ?? 1_000_000, keyring, keyId),
      code: 'limit-exceeded',
      message: /more than 10000 entries/,
    },
    {
      label: 'a gzip bomb',
      bytes: await gzipBomb(options.bombBytes ?? 1100 * 1024 * 1024, keyring, keyId),
      code: 'limit-exceeded',
      message: /inflates more than 100 times its size/,
    },
    {
      label: 'a bundle truncated in the middle',
      bytes: good.subarray(0, Math.floor(good.length / 2)),
      code: 'truncated',
      message: /truncated/,
    },
    {
      label: 'a bundle without its final chunk',
      bytes: Buffer.concat([header, ...chunks.slice(0, -1)]),
      code: 'truncated',
      message: /truncated/,
    },
    {
      label: 'a flipped bit in a chunk',
      bytes: Buffer.concat([
        header,
        ...chunks.map((c) => (c === middle ? flipBit(c, 5 + Math.floor((c.length - 21) / 2)) : c)),
      ]),
      code: 'authentication-failed',
      message: /failed authentication/,
    },
    {
      label: 'a bundle written with another key under the same id',
      bytes: await writtenWith(wrongKey, keyId),
      code: 'authentication-failed',
      message: /failed authentication/,
    },
    {
      label: 'a bundle of a key id the keyring does not hold',
      bytes: await bundleOfTar(
        rawTar([file('overview/Serial')]),
        makeKeyring('retired-key'),
        'retired-key',
      ),
      code: 'unknown-key',
      message: /no key with id "retired-key"/,
    },
  ];
}

/** A small real bundle written with `keyring`'s key `keyId`. */
async function writtenWith(keyring: Keyring, keyId: string): Promise<Buffer> {
  const entries = generateBundleEntries({
    antennaSerial: 'WRONGKEY-1',
    takenAt: new Date('2026-11-22T12:00:00Z'),
    trackingHours: 0.05,
    logLines: 100,
  });
  return collect(createBundleWriter({ keyring, keyId })(entries));
}

// ---------------------------------------------------------------------------------------------
// Calls of the diagnostics API in tests.

/** The multipart body of an upload: optional parts before and after the bundle. */
export function uploadBody(
  fileName: string,
  bytes: Uint8Array,
  options: { before?: FormPart[]; after?: FormPart[] } = {},
) {
  return multipartBody([
    ...(options.before ?? []),
    { name: 'file', fileName, content: bytes },
    ...(options.after ?? []),
  ]);
}

/** `POST /v2/storage/diagnostics/{serial}` through inject. */
export function upload(
  api: ApiContext,
  role: RoleKey | null,
  serial: string,
  fileName: string,
  bytes: Uint8Array,
  options: { before?: FormPart[]; after?: FormPart[] } = {},
) {
  const { payload, contentType } = uploadBody(fileName, bytes, options);
  return api.ctx.app.inject({
    method: 'POST',
    url: `/v2/storage/diagnostics/${encodeURIComponent(serial)}`,
    headers: { ...(role ? api.as(role) : {}), 'content-type': contentType },
    payload,
  });
}

/** The file's row once its processing ended (Ready or Rejected); fails after `timeoutMs`. */
export async function processed(
  api: ApiContext,
  serial: string,
  fileName: string,
  timeoutMs = 30_000,
): Promise<{ id: string; status: string; statusMessage: string | null; jobId: string | null }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await api.rows<{
      id: string;
      status: string;
      statusMessage: string | null;
      jobId: string | null;
    }>(
      `select id, status, status_message as "statusMessage", job_id as "jobId"
         from diagnostic_files where antenna_serial = $1 and file_name = $2`,
      [serial, fileName],
    );
    if (row && (row.status === 'Ready' || row.status === 'Rejected')) return row;
    if (Date.now() > deadline) throw new Error(`${fileName} is still ${row?.status ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A device of the demo fleet with an antenna serial, inside or outside the Northwind accounts. */
export async function deviceWithAntenna(
  api: ApiContext,
  where: 'northwind' | 'elsewhere',
): Promise<{
  id: string;
  name: string;
  serial: string | null;
  antennaSerial: string;
  accountId: string;
}> {
  const [row] = await api.rows<{
    id: string;
    name: string;
    serial: string | null;
    antennaSerial: string;
    accountId: string;
  }>(
    `select d.id, d.name, d.serial, c.serial as "antennaSerial", d.account_id as "accountId"
       from devices d join device_components c on c.device_id = d.id and c.type = 'Antenna'
      where d.deleted_at is null and d.account_id ${where === 'northwind' ? '' : 'not'} in (${NORTHWIND_TREE})
        and (select count(*) from device_components a where a.serial = c.serial) = 1
      order by d.id limit 1`,
  );
  if (!row) throw new Error(`no device with an antenna (${where})`);
  return row;
}
