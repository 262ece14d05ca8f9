import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeKeyring, readToArray, writeToBuffer } from './test/helpers.js';

const keyring = makeKeyring('k1');

// `.` and `..` are not names: the writer drops the one and refuses the other.
const segment = fc.stringMatching(/^[A-Za-z0-9._-]{1,12}$/).filter((s) => s !== '.' && s !== '..');
const entryPath = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/'));
const entry = fc.record({
  path: entryPath,
  content: fc.uint8Array({ maxLength: 3000 }),
  streamed: fc.boolean(),
  piece: fc.integer({ min: 1, max: 700 }),
});
/** Paths where no file is another's folder and none repeats (what a bundle allows). */
const entrySet = fc
  .uniqueArray(entry, { maxLength: 6, selector: (e) => e.path })
  .filter((entries) =>
    entries.every((a) => entries.every((b) => !b.path.startsWith(`${a.path}/`))),
  );

async function* pieces(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe('round trip (property)', () => {
  it('gives back every entry exactly, whatever the entries and the chunk size', async () => {
    await fc.assert(
      fc.asyncProperty(
        entrySet,
        fc.integer({ min: 1, max: 600 }),
        fc.integer({ min: 0, max: 9 }),
        async (entries, chunkSize, gzipLevel) => {
          const mtime = new Date('2026-05-06T07:08:09Z');
          const bundle = await writeToBuffer(
            entries.map((e) => ({
              path: e.path,
              mtime,
              ...(e.streamed
                ? { body: pieces(e.content, e.piece), size: e.content.length }
                : { body: e.content }),
            })),
            { keyring, chunkSize, gzipLevel },
          );
          const back = await readToArray(bundle, keyring);
          expect(back.map((e) => e.path)).toEqual(entries.map((e) => e.path));
          back.forEach((read, i) => {
            expect(read.data.equals(Buffer.from(entries[i]!.content))).toBe(true);
            expect(read.mtime).toEqual(mtime);
          });
        },
      ),
      { numRuns: 60 },
    );
  });
});
