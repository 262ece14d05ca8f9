import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { logTypes } from '@aerie/contract';
import { lineIndexBytes, type LineIndexSummary } from '@aerie/logsearch';
import type { ContentIndexer } from '../content-indexes.js';
import { LINE_INDEXER, presentLogFiles } from './log-files.js';

const READ_CHUNK = 1024 * 1024;

/**
 * Writes the line index of `source` (a log file's bytes, streamed) to `write`; the index's
 * summary. Memory stays flat: the file streams through, the index streams out.
 */
export async function writeLineIndex(
  source: AsyncIterable<Uint8Array>,
  write: (index: AsyncIterable<Uint8Array>) => Promise<unknown>,
  options: { carryTime: number; referenceTime: number },
): Promise<LineIndexSummary> {
  const bytes = lineIndexBytes(source, options);
  let summary: LineIndexSummary | undefined;
  async function* pieces(): AsyncGenerator<Uint8Array> {
    for (;;) {
      const next = await bytes.next();
      if (next.done) {
        summary = next.value;
        return;
      }
      yield next.value;
    }
  }
  await write(pieces());
  if (!summary) throw new Error('The line index was not finished.');
  return summary;
}

/**
 * The log search's indexer (decision 042): for each log of the bundle, its rotated files
 * oldest first (each file's time carries on into the next), the line index of each file:
 * `lines/logs/syslog.0.lidx`.
 */
export const logLineIndexer: ContentIndexer = {
  name: LINE_INDEXER,
  async build({ contentDir, entries, outDir, takenAt, signal }) {
    const present = new Set(entries.map((e) => e.path));
    for (const type of logTypes) {
      let carryTime = Number.NaN;
      for (const logPath of presentLogFiles(type, (p) => present.has(p))) {
        signal.throwIfAborted();
        const target = path.join(outDir, ...`${logPath}.lidx`.split('/'));
        await mkdir(path.dirname(target), { recursive: true });
        const source = createReadStream(path.join(contentDir, ...logPath.split('/')), {
          highWaterMark: READ_CHUNK,
          signal,
        });
        const summary = await writeLineIndex(
          source,
          (index) =>
            pipeline(Readable.from(index), createWriteStream(target, { flags: 'wx' }), { signal }),
          { carryTime, referenceTime: takenAt.getTime() },
        );
        carryTime = summary.lastTime;
      }
    }
  },
};
