import { mkdtemp, readdir, rm } from 'node:fs/promises';
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
import { threadScan, type LogScan } from './log-scan.js';
import { createMatchCache } from './match-cache.js';
import { matchesInRange, type LogRange } from './log-sources.js';

/** A file in memory that counts the bytes read from it. */
function memory(bytes: Buffer): RandomAccess & { bytesRead: number } {
  const file = {
    size: bytes.length,
    bytesRead: 0,
    async read(buffer: Uint8Array, offset: number, length: number, position: number) {
      const n = Math.max(0, Math.min(length, bytes.length - position));
      buffer.set(bytes.subarray(position, position + n), offset);
      file.bytesRead += n;
      return n;
    },
  };
  return file;
}

/** A log of `n` lines, one a second, every 10th saying "link down". */
async function log(n: number) {
  const t0 = Date.parse('2026-11-22T09:00:00Z');
  const lines = Array.from(
    { length: n },
    (_, k) =>
      `${new Date(t0 + k * 1000).toISOString()} host app: ${k % 10 === 3 ? 'link down' : 'track'} ${k}`,
  );
  const text = Buffer.from(`${lines.join('\n')}\n`);
  const parts: Buffer[] = [];
  for await (const piece of lineIndexBytes([text])) parts.push(piece);
  const data = memory(text);
  const seq = new LogSequence('syslog', [
    { name: 'logs/syslog', data, index: await LineIndex.open(memory(Buffer.concat(parts))) },
  ]);
  return { seq, data, lines };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'aerie-matches-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('match lists', () => {
  it('continue where the last page stopped instead of searching from the start again', async () => {
    const cache = createMatchCache({ dir: path.join(dir, 'cache') });
    const { seq, data } = await log(200_000);
    const range: LogRange = { type: 'syslog', seq, lo: 0, hi: seq.lineCount };
    const matcher = threadScan(seq, new LineMatcher(compileSearchPattern('link down')));
    const one = await matchesInRange(cache, 'file', range, 'link down', matcher, 100, undefined);
    expect(one.count).toBeGreaterThanOrEqual(100);
    expect(one.complete).toBe(false);
    const afterOne = data.bytesRead;
    expect(afterOne).toBeLessThan(data.size / 2);
    await cache.release(one.list);
    // Page 2 reuses the list and reads on from where it stopped.
    const two = await matchesInRange(cache, 'file', range, 'link down', matcher, 200, undefined);
    expect(two.list).toBe(one.list);
    expect(two.count).toBeGreaterThanOrEqual(200);
    expect(data.bytesRead - afterOne).toBeLessThan(afterOne * 1.5);
    const records = await Promise.all(Array.from({ length: 200 }, (_, i) => two.list.record(i)));
    expect(records.map((r) => r.line)).toEqual(Array.from({ length: 200 }, (_, i) => i * 10 + 3));
    await cache.release(two.list);
    // A range that starts later is served by the same list.
    const later: LogRange = { ...range, lo: 500, hi: 800 };
    const three = await matchesInRange(cache, 'file', later, 'link down', matcher, 1000, undefined);
    expect(three.list).toBe(one.list);
    expect(three.count).toBe(30);
    expect((await three.list.record(three.first)).line).toBe(503);
    await cache.release(three.list);
    await cache.close();
  });

  it('keeps what an aborted search found, and searches on from there', async () => {
    const cache = createMatchCache({ dir: path.join(dir, 'cache') });
    const { seq } = await log(50_000);
    const range: LogRange = { type: 'syslog', seq, lo: 0, hi: seq.lineCount };
    const matcher = threadScan(seq, new LineMatcher(compileSearchPattern('track 4\\d*$')));
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(
      matchesInRange(cache, 'file', range, 'x', matcher, Infinity, controller.signal),
    ).rejects.toThrow('gone');
    const all = await matchesInRange(cache, 'file', range, 'x', matcher, Infinity, undefined);
    expect(all.complete).toBe(true);
    expect(all.count).toBe(
      Array.from({ length: 50_000 }, (_, k) => k).filter(
        (k) => k % 10 !== 3 && /^4\d*$/.test(String(k)),
      ).length,
    );
    await cache.release(all.list);
    await cache.close();
  });

  it('takes segments searched at once in order, whatever order they end in', async () => {
    const cache = createMatchCache({ dir: path.join(dir, 'cache') });
    const { seq, lines } = await log(20_000);
    const range: LogRange = { type: 'syslog', seq, lo: 0, hi: seq.lineCount };
    const inner = threadScan(seq, new LineMatcher(compileSearchPattern('track 1\\d*7$')));
    const runs: [number, number][] = [];
    // Three segments of 3000 lines at once, the later ones ending first.
    const segmented: LogScan = {
      parallel: 3,
      segmentEnd: (from, to) => Math.min(to, from + 3000),
      async run(from, to, limit, signal) {
        runs.push([from, to]);
        await new Promise((r) => setTimeout(r, (20_000 - from) / 500));
        return inner.run(from, to, limit, signal);
      },
    };
    const want = lines.flatMap((l, k) => (/track 1\d*7$/.test(l) ? [k] : []));
    // Enough in the first segment: the list ends where it stopped.
    const few = await matchesInRange(cache, 'f', range, 'p', segmented, 5, undefined);
    expect(few.count).toBe(5);
    expect(few.list.scannedTo).toBe((want[4] as number) + 1);
    expect(runs.slice(0, 3)).toEqual([
      [0, 3000],
      [3000, 6000],
      [6000, 9000],
    ]);
    await cache.release(few.list);
    // All of them: every segment in order, the list continued from where it stopped.
    const all = await matchesInRange(cache, 'f', range, 'p', segmented, Infinity, undefined);
    expect(all.complete).toBe(true);
    const records = await Promise.all(
      Array.from({ length: all.count }, (_, i) => all.list.record(i)),
    );
    expect(records.map((r) => r.line)).toEqual(want);
    expect(runs[3]?.[0]).toBe((want[4] as number) + 1);
    await cache.release(all.list);
    await cache.close();
  });

  it('evicts the least recently used lists beyond its bounds, never one in use', async () => {
    const cache = createMatchCache({ dir: path.join(dir, 'cache'), maxLists: 2 });
    const { seq } = await log(1000);
    const range: LogRange = { type: 'syslog', seq, lo: 0, hi: seq.lineCount };
    const held = await matchesInRange(
      cache,
      'a',
      range,
      'p',
      threadScan(seq, new LineMatcher(compileSearchPattern('track'))),
      Infinity,
      undefined,
    );
    for (const key of ['b', 'c', 'd']) {
      const m = await matchesInRange(
        cache,
        key,
        range,
        'p',
        threadScan(seq, new LineMatcher(compileSearchPattern('link'))),
        Infinity,
        undefined,
      );
      await cache.release(m.list);
    }
    expect(cache.stats().lists).toBe(2);
    expect(held.list.evicted).toBe(false);
    expect(await readdir(path.join(dir, 'cache'))).toHaveLength(2);
    await cache.release(held.list);
    await cache.close();
  });
});
