import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  createBundleReader,
  inspectBundle,
  readBundleHeader,
  type BundleEntryInput,
} from './bundle.js';
import { AIM_CSV_ENTRIES, KNOWN_ENTRY_PATHS, OVERVIEW_ENTRIES, POST_ENTRIES } from './entries.js';
import {
  bundleOfTar,
  collect,
  encryptBuffer,
  expectKdpError,
  flipBit,
  makeKeyring,
  patterned,
  rawTar,
  readToArray,
  splitBundle,
  writeToBuffer,
} from './test/helpers.js';

const keyring = makeKeyring('k1');
const options = { keyring, chunkSize: 512 };
const mtime = new Date('2026-11-22T12:00:00Z');

async function* generated(parts: number, size: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < parts; i += 1) yield patterned(size, i + 7);
}

describe('bundle writer and reader', () => {
  it('round-trips several entries with their exact bytes, sizes and times', async () => {
    const large = patterned(40_000, 3); // about 80 chunks of 512 bytes, even once compressed
    const post = Buffer.from(
      JSON.stringify({ antennaserialnumber: 'KYM-1', status: 0, testsuites: [] }),
    );
    const entries: BundleEntryInput[] = [
      { path: OVERVIEW_ENTRIES.serial, body: Buffer.from('KYM-2411234\n'), mtime },
      { path: POST_ENTRIES[0]!, body: post, mtime },
      { path: 'logs/empty', body: Buffer.alloc(0), mtime },
      { path: 'blobs/large.bin', body: Readable.from([large]), size: large.length, mtime },
      { path: AIM_CSV_ENTRIES[1]!, body: generated(5, 1000), mtime },
      { path: `deep/${'n'.repeat(90)}/${'m'.repeat(40)}`, body: Buffer.from('long path'), mtime },
      { path: 'logs/naïve ☃.txt', body: Buffer.from('utf-8 name'), mtime },
    ];
    const bundle = await writeToBuffer(entries, options);
    expect(splitBundle(bundle).chunks.length).toBeGreaterThan(20);
    const back = await readToArray(bundle, keyring);
    expect(back.map((e) => [e.path, e.type, e.size, e.mtime.toISOString()])).toEqual([
      ['overview/Serial', 'file', 12, mtime.toISOString()],
      ['tests/post', 'file', post.length, mtime.toISOString()],
      ['logs/empty', 'file', 0, mtime.toISOString()],
      ['blobs/large.bin', 'file', 40_000, mtime.toISOString()],
      ['aim/aim-csv.0', 'file', 5000, mtime.toISOString()],
      [entries[5]!.path, 'file', 9, mtime.toISOString()],
      ['logs/naïve ☃.txt', 'file', 10, mtime.toISOString()],
    ]);
    expect(back[0]!.data.toString()).toBe('KYM-2411234\n');
    expect(back[1]!.data.equals(post)).toBe(true);
    expect(back[2]!.data.length).toBe(0);
    expect(back[3]!.data.equals(large)).toBe(true);
    expect(
      back[4]!.data.equals(Buffer.concat([...Array(5).keys()].map((i) => patterned(1000, i + 7)))),
    ).toBe(true);
  });

  it('writes and reads an empty bundle', async () => {
    expect(await readToArray(await writeToBuffer([], options), keyring)).toEqual([]);
  });

  it('skips bodies the caller does not read', async () => {
    const bundle = await writeToBuffer(
      [
        { path: 'a', body: patterned(3000) },
        { path: 'b', body: Buffer.from('bee') },
      ],
      options,
    );
    const read = createBundleReader({ keyring });
    const seen: string[] = [];
    for await (const entry of read(Readable.from([bundle]))) {
      seen.push(entry.path);
      if (entry.path === 'b') expect((await collect(entry.body)).toString()).toBe('bee');
    }
    expect(seen).toEqual(['a', 'b']);
  });

  it('buffers a streamed body without a size, up to its limit', async () => {
    const bundle = await writeToBuffer([{ path: 'x', body: generated(3, 100) }], options);
    expect((await readToArray(bundle, keyring))[0]!.size).toBe(300);
    await expectKdpError(
      writeToBuffer([{ path: 'x', body: generated(3, 100) }], {
        ...options,
        maxBufferedEntryBytes: 250,
      }),
      'bad-entry',
    );
  });

  it('fails when a body does not match its declared size', async () => {
    await expectKdpError(
      writeToBuffer([{ path: 'x', size: 10, body: generated(1, 11) }], options),
      'bad-entry',
    );
    await expectKdpError(
      writeToBuffer([{ path: 'x', size: 10, body: generated(1, 9) }], options),
      'bad-entry',
    );
    await expectKdpError(
      writeToBuffer([{ path: 'x', size: 2, body: Buffer.from('abc') }], options),
      'bad-entry',
    );
  });

  it('refuses to write unsafe or clashing paths', async () => {
    for (const path of ['../x', '/etc/passwd', 'a\\b', 'C:/x', 'a\0b', '', 'a/../../b']) {
      await expectKdpError(
        writeToBuffer([{ path, body: Buffer.from('x') }], options),
        path === '' ? 'bad-entry' : 'unsafe-entry',
      );
    }
    await expectKdpError(
      writeToBuffer(
        [
          { path: 'a', body: Buffer.from('1') },
          { path: './a', body: Buffer.from('2') },
        ],
        options,
      ),
      'unsafe-entry',
    );
    await expectKdpError(
      writeToBuffer(
        [
          { path: 'a', body: Buffer.from('1') },
          { path: 'a/b', body: Buffer.from('2') },
        ],
        options,
      ),
      'unsafe-entry',
    );
  });

  it('stops reading and inflating when its caller stops', async () => {
    const bundle = await writeToBuffer(
      [
        { path: 'a', body: randomBytes(1024 * 1024) },
        { path: 'b', body: randomBytes(1024 * 1024) },
      ],
      { keyring },
    );
    let pulled = 0;
    const source = Readable.from(
      (function* () {
        for (let at = 0; at < bundle.length; at += 4096) {
          pulled += 4096;
          yield bundle.subarray(at, at + 4096);
        }
      })(),
      { objectMode: false, highWaterMark: 4096 },
    );
    const read = createBundleReader({ keyring });
    for await (const entry of read(source)) {
      expect(entry.path).toBe('a');
      break;
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.destroyed).toBe(true);
    expect(pulled).toBeLessThan(bundle.length / 8);
  });

  it('inspects the header without a key and lists entries with one', async () => {
    const bundle = await writeToBuffer(
      [
        { path: 'overview/version', body: Buffer.from('5.1.1\n') },
        { path: 'logs/syslog', body: patterned(700) },
      ],
      { ...options, keyId: 'k1' },
    );
    expect(await inspectBundle([bundle])).toEqual({
      header: { version: 1, keyId: 'k1', chunkSize: 512 },
    });
    const listed = await inspectBundle(Readable.from([bundle]), { keyring });
    expect(listed.entries?.map((e) => [e.path, e.size])).toEqual([
      ['overview/version', 6],
      ['logs/syslog', 700],
    ]);
    expect(listed.totalBytes).toBe(706);
    await expectKdpError(inspectBundle([bundle.subarray(0, -1)], { keyring }), 'truncated');
    await expectKdpError(readBundleHeader([bundle.subarray(0, 20)]), 'truncated');
  });

  it('names every known entry once', () => {
    expect(KNOWN_ENTRY_PATHS.size).toBe(6 + 11 + 4 + 1 + 4 + 6 + 6);
    expect(KNOWN_ENTRY_PATHS.has('tests/post.9')).toBe(true);
    expect(KNOWN_ENTRY_PATHS.has('aim/aim-csv.2')).toBe(true);
  });
});

describe('bundle reader: damaged bundles', () => {
  it('reports a damaged chunk as authentication-failed, not as a damaged archive', async () => {
    const bundle = await writeToBuffer([{ path: 'a', body: patterned(5000) }], options);
    const damaged = flipBit(bundle, bundle.length - 100, 4);
    await expectKdpError(readToArray(damaged, keyring), 'authentication-failed');
  });

  it('reports a damaged chunk met while skipping a body nobody reads', async () => {
    const bundle = await writeToBuffer([{ path: 'a', body: randomBytes(500_000) }], { keyring });
    const damaged = flipBit(bundle, bundle.length - 100_000, 2);
    // In pieces: the entry is handed out before the damaged chunk arrives.
    const pieces = Array.from({ length: Math.ceil(damaged.length / 4096) }, (_, i) =>
      damaged.subarray(i * 4096, (i + 1) * 4096),
    );
    const source = Readable.from(pieces, { objectMode: false, highWaterMark: 4096 });
    await expectKdpError(inspectBundle(source, { keyring }), 'authentication-failed');
  });

  it('reports truncation at the end even when every entry was read', async () => {
    const bundle = await writeToBuffer([{ path: 'a', body: patterned(5000) }], options);
    const { header, chunks } = splitBundle(bundle);
    await expectKdpError(
      readToArray(Buffer.concat([header, ...chunks.slice(0, -1)]), keyring),
      'truncated',
    );
  });

  it('reports authentic content that is not gzip as bad-archive', async () => {
    const bundle = await encryptBuffer(Buffer.from('not gzip at all'), keyring, 'k1', 512);
    await expectKdpError(readToArray(bundle, keyring), 'bad-archive');
  });

  it('reports a tar without its end, or with data after it', async () => {
    const unended = rawTar([{ name: 'a', data: Buffer.from('x') }], { end: false });
    await expectKdpError(
      readToArray(await bundleOfTar(unended, keyring, 'k1'), keyring),
      'bad-archive',
    );
    const trailing = Buffer.concat([
      rawTar([{ name: 'a', data: Buffer.from('x') }]),
      Buffer.from('junk'),
    ]);
    await expectKdpError(
      readToArray(await bundleOfTar(trailing, keyring, 'k1'), keyring),
      'trailing-data',
    );
  });

  it('reads a tar made by another writer: ./ prefix, folders, pax path', async () => {
    const tar = rawTar([
      { name: './', type: '5' },
      { name: './logs/', type: '5' },
      { name: './logs/syslog', data: Buffer.from('log') },
      { name: 'ignored', pax: { path: 'overview/Serial', comment: 'hi' }, data: Buffer.from('S') },
    ]);
    const back = await readToArray(await bundleOfTar(tar, keyring, 'k1'), keyring);
    expect(back.map((e) => [e.path, e.type, e.data.toString()])).toEqual([
      ['logs', 'directory', ''],
      ['logs/syslog', 'file', 'log'],
      ['overview/Serial', 'file', 'S'],
    ]);
  });
});

describe('bundle reader: hostile entries', () => {
  const hostile: [string, Parameters<typeof rawTar>[0][number]][] = [
    ['a path climbing out with ..', { name: '../evil', data: Buffer.from('x') }],
    ['.. further down', { name: 'logs/../../evil', data: Buffer.from('x') }],
    ['an absolute path', { name: '/etc/cron.d/evil', data: Buffer.from('x') }],
    ['a backslash', { name: '..\\evil', data: Buffer.from('x') }],
    ['a drive letter', { name: 'C:/evil', data: Buffer.from('x') }],
    ['a symbolic link', { name: 'link', type: '2', linkname: '/etc/passwd' }],
    ['a hard link', { name: 'hard', type: '1', linkname: 'etc/passwd' }],
    ['a FIFO', { name: 'fifo', type: '6' }],
    ['a character device', { name: 'null', type: '3' }],
    ['a block device', { name: 'sda', type: '4' }],
    ['an unknown type', { name: 'sparse', type: 'S' }],
    ['a NUL in a pax path', { name: 'x', pax: { path: 'ok\0../../evil' }, data: Buffer.from('x') }],
    ['a NUL hiding a name', { name: Buffer.from('ok\0../../evil'), data: Buffer.from('x') }],
    ['a control character', { name: 'a\nb', data: Buffer.from('x') }],
    ['a file twice', { name: 'overview/Serial', data: Buffer.from('again') }],
    ['a file inside a file', { name: 'overview/Serial/x', data: Buffer.from('x') }],
    ['a name that is not UTF-8', { name: Buffer.from([0x61, 0xff, 0x62]), data: Buffer.from('x') }],
  ];

  it.each(hostile)(
    'refuses %s as unsafe-entry, after the good entries before it',
    async (_, entry) => {
      const tar = rawTar([{ name: 'overview/Serial', data: Buffer.from('KYM-1') }, entry]);
      const bundle = await bundleOfTar(tar, keyring, 'k1');
      const seen: string[] = [];
      const error = await expectKdpError(async () => {
        for await (const e of createBundleReader({ keyring })(Readable.from([bundle])))
          seen.push(e.path);
      }, 'unsafe-entry');
      expect(error.message).toMatch(/refused/);
      expect(seen).toEqual(['overview/Serial']);
    },
  );
});

describe('bundle reader: limits', () => {
  const files = (count: number, size: number): BundleEntryInput[] =>
    Array.from({ length: count }, (_, i) => ({ path: `f/${i}`, body: patterned(size, i) }));

  it('stops at the entry count, the total size and an entry size', async () => {
    const bundle = await writeToBuffer(files(5, 100), options);
    expect(
      await readToArray(bundle, keyring, { maxEntries: 5, maxTotalBytes: 500, maxEntrySize: 100 }),
    ).toHaveLength(5);
    const seen = async (limits: Parameters<typeof readToArray>[2]) => {
      const read = createBundleReader({ keyring, ...(limits ? { limits } : {}) });
      const paths: string[] = [];
      const error = await expectKdpError(async () => {
        for await (const entry of read(Readable.from([bundle]))) paths.push(entry.path);
      }, 'limit-exceeded');
      return { paths, message: error.message };
    };
    expect(await seen({ maxEntries: 3 })).toEqual({
      paths: ['f/0', 'f/1', 'f/2'],
      message: 'The bundle has more than 3 entries.',
    });
    expect((await seen({ maxTotalBytes: 250 })).paths).toEqual(['f/0', 'f/1']);
    expect((await seen({ maxEntrySize: 99 })).paths).toEqual([]);
  });

  it('stops at the path length and depth', async () => {
    const bundle = await writeToBuffer([{ path: 'a/b/c/d/e', body: Buffer.from('x') }], options);
    expect(await readToArray(bundle, keyring, { maxPathDepth: 5, maxPathLength: 9 })).toHaveLength(
      1,
    );
    await expectKdpError(readToArray(bundle, keyring, { maxPathDepth: 4 }), 'limit-exceeded');
    await expectKdpError(readToArray(bundle, keyring, { maxPathLength: 8 }), 'limit-exceeded');
    const longName = rawTar([
      { name: 'x', pax: { path: `${'p'.repeat(300)}` }, data: Buffer.from('x') },
    ]);
    await expectKdpError(
      readToArray(await bundleOfTar(longName, keyring, 'k1'), keyring),
      'limit-exceeded',
    );
  });

  it('stops at a declared entry size before reading its content', async () => {
    // The header claims 200 MB; only the header exists.
    const tar = rawTar([{ name: 'bomb', size: 200 * 1024 * 1024 }], { end: false });
    await expectKdpError(
      readToArray(await bundleOfTar(tar, keyring, 'k1'), keyring, { maxEntrySize: 1024 * 1024 }),
      'limit-exceeded',
    );
  });

  it('stops a gzip bomb (200 MB of zeros) at its inflated limit, having read little of it', async () => {
    // 200 gzip members of 1 MiB of zeros each: one gzip stream inflating to 200 MiB from ~200 KB.
    const member = gzipSync(Buffer.alloc(1024 * 1024), { level: 9 });
    const bomb = Buffer.concat(Array.from({ length: 200 }, () => member));
    const bundle = await encryptBuffer(bomb, keyring, 'k1', 4096);
    let consumed = 0;
    const source = Readable.from(
      (function* () {
        for (let at = 0; at < bundle.length; at += 4096) {
          consumed += Math.min(4096, bundle.length - at);
          yield bundle.subarray(at, at + 4096);
        }
      })(),
      { objectMode: false, highWaterMark: 4096 },
    );
    const before = process.memoryUsage().arrayBuffers;
    const error = await expectKdpError(
      readToArray(source, keyring, { maxInflatedBytes: 4 * 1024 * 1024 }),
      'limit-exceeded',
    );
    expect(error.message).toMatch(/inflates to more than 4194304 bytes/);
    // Inflating it all would read all of it; the streams' buffers hold a few tens of KB.
    expect(consumed).toBeLessThan(bundle.length / 2);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('stops a gzip bomb by how much it inflates, long before the totals', async () => {
    // 200 MiB of zeros from ~200 KB: the totals (8 GiB) would let it all out.
    const member = gzipSync(Buffer.alloc(1024 * 1024), { level: 9 });
    const bundle = await encryptBuffer(
      Buffer.concat(Array.from({ length: 200 }, () => member)),
      keyring,
      'k1',
      4096,
    );
    let consumed = 0;
    async function* pieces(): AsyncGenerator<Buffer> {
      for (let at = 0; at < bundle.length; at += 4096) {
        consumed += Math.min(4096, bundle.length - at);
        yield bundle.subarray(at, at + 4096);
      }
    }
    const error = await expectKdpError(
      readToArray(pieces(), keyring, { inflationAllowance: 8 * 1024 * 1024 }),
      'limit-exceeded',
    );
    expect(consumed).toBeLessThan(bundle.length / 2);
    expect(error.message).toMatch(
      /^The bundle inflates more than 100 times its size \(\d+ bytes from its first \d+\); stopped there\.$/,
    );
    const [, out, read] = /\((\d+) bytes from its first (\d+)\)/.exec(error.message)!.map(Number);
    expect(out!).toBeGreaterThan(8 * 1024 * 1024 + 100 * read!);
    expect(out!).toBeLessThan(32 * 1024 * 1024);
  });

  it('lets regular text inflate beyond the ratio within the allowance, and at the ratio beyond it', async () => {
    // A log of one line repeated: about 300 times smaller once gzipped.
    const line = '2026-11-22T12:00:00Z kymeta[212]: link up, beam 14, SINR 9.5 dB\n';
    const log = Buffer.from(line.repeat(Math.ceil((20 * 1024 * 1024) / line.length)));
    const bundle = await writeToBuffer([{ path: 'logs/syslog', body: log, mtime }], {
      ...options,
      chunkSize: 64 * 1024,
    });
    expect(log.length / bundle.length).toBeGreaterThan(100);
    const [entry] = await readToArray(bundle, keyring);
    expect(entry!.size).toBe(log.length);
    await expectKdpError(
      readToArray(bundle, keyring, { inflationAllowance: 1024 * 1024 }),
      'limit-exceeded',
    );
    expect(
      (await readToArray(bundle, keyring, { inflationAllowance: 0, maxInflationRatio: 5000 }))
        .length,
    ).toBe(1);
  });

  it('derives the inflated limit from the total size and entry count', async () => {
    const member = gzipSync(Buffer.alloc(1024 * 1024), { level: 9 });
    const bundle = await encryptBuffer(
      Buffer.concat(Array.from({ length: 20 }, () => member)),
      keyring,
      'k1',
      4096,
    );
    await expectKdpError(
      readToArray(bundle, keyring, { maxTotalBytes: 1024 * 1024, maxEntries: 100 }),
      'limit-exceeded',
    );
  });
});
