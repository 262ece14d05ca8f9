import type { RandomAccess } from '../line-index/reader.js';
import { LineIndex } from '../line-index/reader.js';
import { LineIndexBuilder, type LineIndexOptions } from '../line-index/writer.js';
import type { LogFile } from '../log/sequence.js';

/** A file held in memory, read as a RandomAccess (tests). */
export function memoryFile(bytes: Uint8Array): RandomAccess & { reads: number } {
  const file = {
    size: bytes.length,
    reads: 0,
    async read(buffer: Uint8Array, offset: number, length: number, position: number) {
      file.reads++;
      const n = Math.max(0, Math.min(length, bytes.length - position));
      buffer.set(bytes.subarray(position, position + n), offset);
      return n;
    },
  };
  return file;
}

/** The index of `bytes`, pushed in pieces of `piece` bytes. */
export function indexBytes(
  bytes: Uint8Array,
  options: LineIndexOptions = {},
  piece = 1 << 16,
): Buffer {
  const b = new LineIndexBuilder(options);
  const parts: Buffer[] = [];
  for (let p = 0; p < bytes.length; p += piece) {
    parts.push(Buffer.from(b.push(bytes.subarray(p, Math.min(bytes.length, p + piece)))));
  }
  parts.push(Buffer.from(b.finish().bytes));
  return Buffer.concat(parts);
}

/** A log file in memory with its index. */
export async function memoryLogFile(
  name: string,
  text: string,
  options: LineIndexOptions = {},
): Promise<LogFile> {
  const bytes = Buffer.from(text);
  return {
    name,
    data: memoryFile(bytes),
    index: await LineIndex.open(memoryFile(indexBytes(bytes, options))),
  };
}
