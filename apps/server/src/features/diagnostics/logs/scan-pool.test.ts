import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  compileSearchPattern,
  LineIndex,
  lineIndexBytes,
  LineMatcher,
  LogSequence,
  type RandomAccess,
} from '@aerie/logsearch';
import { threadScan } from './log-scan.js';
import { createMatchCache } from './match-cache.js';
import { matchesInRange, type LogRange } from './log-sources.js';
import { createScanPool, type LocalLogFile } from './scan-pool.js';

function memory(bytes: Buffer): RandomAccess {
  return {
    size: bytes.length,
    async read(buffer, offset, length, position) {
      const n = Math.max(0, Math.min(length, bytes.length - position));
      buffer.set(bytes.subarray(position, position + n), offset);
      return n;
    },
  };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'aerie-scan-pool-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A log of three rotated files on disk with their indexes; `n` lines, one a second. */
async function rotated(n: number) {
  const t0 = Date.parse('2026-11-22T09:00:00Z');
  const lines = Array.from(
    { length: n },
    (_, k) =>
      `${new Date(t0 + k * 1000).toISOString()} host app: ${k % 97 === 5 ? 'ERROR [modem] lock lost' : 'INFO [tracker] error rate'} ${k}`,
  );
  const cuts = [0, Math.floor(n / 3), Math.floor((2 * n) / 3), n];
  const files: LocalLogFile[] = [];
  let carryTime = Number.NaN;
  for (let f = 0; f < 3; f++) {
    const name = `logs/syslog.${2 - f}`;
    const text = Buffer.from(`${lines.slice(cuts[f], cuts[f + 1]).join('\n')}\n`);
    const parts: Buffer[] = [];
    const bytes = lineIndexBytes([text], { carryTime });
    for (;;) {
      const next = await bytes.next();
      if (next.done) {
        carryTime = next.value.lastTime;
        break;
      }
      parts.push(next.value);
    }
    const data = path.join(dir, `syslog.${2 - f}`);
    await writeFile(data, text);
    await writeFile(`${data}.lidx`, Buffer.concat(parts));
    files.push({ name, data, index: `${data}.lidx` });
  }
  const seq = new LogSequence(
    'syslog',
    await Promise.all(
      files.map(async (f) => ({
        name: f.name,
        data: memory(await readFile(f.data)),
        index: await LineIndex.open(memory(await readFile(f.index))),
      })),
    ),
  );
  return { files, seq, lines };
}

describe('the scan workers', () => {
  it('find what the search on this thread finds, segment by segment across files', async () => {
    const pool = createScanPool({ size: 2, segmentBytes: 16 * 1024 });
    expect(pool.available()).toBe(true);
    pool.warm();
    const cache = createMatchCache({ dir: path.join(dir, 'cache') });
    const { files, seq, lines } = await rotated(6000);
    const range: LogRange = { type: 'syslog', seq, lo: 0, hi: seq.lineCount };
    const source = 'error \\[modem\\]';
    const want = lines.flatMap((l, k) => (/error \[modem\]/i.test(l) ? [k] : []));
    const scan = pool.scan(seq, files, { source, maxLength: 1000 });
    expect(scan.parallel).toBe(2);
    // A first page: stops after the segment that holds enough.
    const page = await matchesInRange(cache, 'f', range, source, scan, 10, undefined);
    expect(page.count).toBeGreaterThanOrEqual(10);
    expect(page.complete).toBe(false);
    await cache.release(page.list);
    const all = await matchesInRange(cache, 'f', range, source, scan, Infinity, undefined);
    expect(all.complete).toBe(true);
    const records = await Promise.all(
      Array.from({ length: all.count }, (_, i) => all.list.record(i)),
    );
    expect(records.map((r) => r.line)).toEqual(want);
    // The same lines and times as on this thread.
    const here = await threadScan(seq, new LineMatcher(compileSearchPattern(source))).run(
      0,
      seq.lineCount,
      Infinity,
    );
    expect(records.flatMap((r) => [r.line, r.time])).toEqual([
      ...here.matches.subarray(0, here.count * 2),
    ]);
    await cache.release(all.list);
    await cache.close();
    await pool.close();
  });

  it('stop when the request is aborted, keeping what they found', async () => {
    const pool = createScanPool({ size: 1, segmentBytes: 8 * 1024 });
    const { files, seq } = await rotated(6000);
    const scan = pool.scan(seq, files, { source: 'app', maxLength: 1000 });
    const controller = new AbortController();
    const first = scan.run(0, 3000, Infinity, controller.signal);
    // Waiting behind the first: given up without being searched.
    const second = scan.run(3000, 6000, Infinity, controller.signal);
    controller.abort(new Error('gone'));
    const [a, b] = await Promise.all([first, second]);
    expect(a.aborted || a.resume === 3000).toBe(true);
    expect(a.resume).toBeLessThanOrEqual(3000);
    expect(a.count).toBe(a.resume);
    expect(b).toMatchObject({ count: 0, resume: 3000, aborted: true });
    await pool.close();
  });

  it('fail a search whose files are gone, and refuse work once closed', async () => {
    const pool = createScanPool({ size: 1 });
    const { files, seq } = await rotated(300);
    await rm(files[1]?.data as string);
    const scan = pool.scan(seq, files, { source: 'app', maxLength: 1000 });
    await expect(scan.run(0, 300, 10)).rejects.toThrow(/ENOENT/);
    await pool.close();
    await expect(scan.run(0, 300, 10)).rejects.toThrow('stopped');
  });
});
