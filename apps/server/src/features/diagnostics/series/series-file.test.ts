import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { downsample, trackingShape } from './downsample.js';
import {
  BLOCK_RECORDS,
  PAGE_RECORDS,
  SeriesWriter,
  levelFile,
  readSeriesRange,
  type RangeReader,
} from './series-file.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'aerie-series-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const shape = trackingShape(3, 1, 2);
/** Every sample of the range (a target no range reaches). */
const all = { target: 1e9, buckets: 1 };
const reads: { file: string; offset: number; length: number }[] = [];
const read: RangeReader = async (file, offset, length) => {
  reads.push({ file, offset, length });
  const bytes = await readFile(path.join(dir, file));
  return bytes.subarray(offset, offset + length);
};

/** n records a second from t0 = 0: SINR a wave, one deep drop at `drop`, muted at `muted`. */
async function write(n: number, drop = -1, muted = -1) {
  const writer = new SeriesWriter(dir, 'tracking', shape);
  const record = new Float64Array(3);
  for (let i = 0; i < n; i += 1) {
    record.set([i * 1000, i === drop ? -30 : 10 + 5 * Math.sin(i / 50), i === muted ? 4 : 0]);
    writer.add(record);
    if (i % 1000 === 0) await writer.drain();
  }
  return writer.finish();
}

describe('SeriesWriter', () => {
  it('writes every record at level 0 and, per block, its candidates above', async () => {
    const meta = await write(BLOCK_RECORDS * 10 + 5);
    expect(meta.levels[0]?.count).toBe(645);
    expect((await readFile(path.join(dir, levelFile('tracking', 0)))).length).toBe(645 * 3 * 8);
    // Level 1: at most 4 candidates for each of 11 blocks (the last one partial).
    expect(meta.levels[1]?.count).toBeGreaterThanOrEqual(11);
    expect(meta.levels[1]?.count).toBeLessThanOrEqual(44);
    expect(meta.levels[0]?.directory).toEqual([0, PAGE_RECORDS * 1000]);
    expect(meta).toMatchObject({ first: 0, last: 644_000, width: 3 });
  });

  it('keeps a short series in one level', async () => {
    const meta = await write(10);
    expect(meta.levels).toHaveLength(1);
    expect(meta.levels[0]?.count).toBe(10);
  });

  it('writes nothing for an empty series', async () => {
    const meta = await write(0);
    expect(meta).toMatchObject({ levels: [], first: null, last: null });
  });
});

describe('readSeriesRange', () => {
  it('answers a small range from level 0, every record, after reading two directory pages', async () => {
    const meta = await write(5000);
    reads.length = 0;
    const slice = await readSeriesRange(read, meta, 1_000_500, 1_010_000, {
      target: 1000,
      buckets: 500,
    });
    expect(slice.level).toBe(0);
    expect(slice.sourceCount).toBe(10);
    expect(Array.from({ length: slice.count }, (_, i) => slice.records[i * 3])).toEqual(
      Array.from({ length: 10 }, (_, i) => 1_001_000 + i * 1000),
    );
    expect(reads.every((r) => r.length <= PAGE_RECORDS * 3 * 8)).toBe(true);
  });

  it('reads every sample while a bucket is shorter than a block of the level above', async () => {
    const meta = await write(21_600);
    const slice = await readSeriesRange(read, meta, 0, 21_599_000, { target: 1000, buckets: 500 });
    expect(slice).toMatchObject({ level: 0, count: 21_600, sourceCount: 21_600 });
  });

  it('answers a day from a level above, reading far less than the log, and the drop survives', async () => {
    const n = 86_400;
    const meta = await write(n, 60_001, 20_002);
    reads.length = 0;
    const slice = await readSeriesRange(read, meta, 0, (n - 1) * 1000, {
      target: 1000,
      buckets: 500,
    });
    expect(slice.level).toBeGreaterThan(0);
    expect(slice.sourceCount).toBe(n);
    const bytes = reads.reduce((sum, r) => sum + r.length, 0);
    expect(bytes).toBeLessThan(n * 3 * 8 * 0.2);
    const kept = downsample(slice.records, slice.count, shape, 0, (n - 1) * 1000, 1000);
    expect(kept.length).toBeLessThanOrEqual(1000);
    const keptTimes = kept.map((i) => slice.records[i * 3]);
    expect(keptTimes).toContain(60_001_000);
    expect(keptTimes).toContain(20_002_000);
  });

  it('counts the samples of a sub-range exactly, whatever level answers it', async () => {
    const meta = await write(100_000);
    const slice = await readSeriesRange(read, meta, 12_345_500, 67_890_000, {
      target: 400,
      buckets: 200,
    });
    expect(slice.level).toBeGreaterThan(0);
    expect(slice.sourceCount).toBe(67_890 - 12_346 + 1);
    const first = slice.records[0] as number;
    const last = slice.records[(slice.count - 1) * 3] as number;
    expect(first).toBeGreaterThanOrEqual(12_345_500);
    expect(last).toBeLessThanOrEqual(67_890_000);
  });

  it('counts exactly at a page boundary and over many records of one time', async () => {
    const meta = await write(5000);
    const atPage = PAGE_RECORDS * 2 * 1000;
    expect((await readSeriesRange(read, meta, atPage, atPage, all)).sourceCount).toBe(1);
    expect((await readSeriesRange(read, meta, 0, atPage, all)).sourceCount).toBe(
      PAGE_RECORDS * 2 + 1,
    );
    // 1500 records of the same time, across pages.
    const writer = new SeriesWriter(dir, 'same', shape);
    for (let i = 0; i < 2000; i += 1) writer.add(new Float64Array([i < 200 ? i : 500, 1, 0]));
    const same = await writer.finish();
    expect((await readSeriesRange(read, same, 500, 500, all)).sourceCount).toBe(1800);
    expect((await readSeriesRange(read, same, 0, 499, all)).sourceCount).toBe(200);
  });

  it('answers nothing outside the log and for an empty series', async () => {
    const meta = await write(1000);
    expect((await readSeriesRange(read, meta, 2e6, 3e6, all)).sourceCount).toBe(0);
    expect((await readSeriesRange(read, meta, -5e6, -1, all)).sourceCount).toBe(0);
    const empty = await write(0);
    expect(await readSeriesRange(read, empty, 0, 1e9, all)).toMatchObject({ count: 0 });
  });

  it('refuses an index file shorter than its metadata says', async () => {
    const meta = await write(1000);
    const short: RangeReader = async (file, offset, length) =>
      (await read(file, offset, length)).subarray(0, length - 8);
    await expect(readSeriesRange(short, meta, 0, 999_000, all)).rejects.toThrow(/shorter/);
  });
});
