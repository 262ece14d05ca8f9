import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { DocumentsPort } from '../features/resources/index.js';
import { demoLibrary, type DemoLibraryFile } from './demo-library.js';
import { writeDemoPdf } from './demo-pdf.js';

export interface SeedDocumentsOptions {
  documents: Pick<DocumentsPort, 'ingest' | 'isEmpty'>;
  /** The files' dates count back from here. */
  now: Date;
  /** Varies the binaries' bytes (the same seed gives the same files and checksums). */
  seed: number;
  signal?: AbortSignal;
  log: { info(msg: string): void };
}

/**
 * The bytes of a demo binary (a software image, an installer): `size` pseudo-random bytes from
 * the seed and the path, in 64 KiB pieces (xorshift32: the same inputs, the same bytes).
 */
export function demoBinary(path: string, size: number, seed: number): Readable {
  let state = createHash('sha256').update(`${seed}:${path}`).digest().readUInt32LE(0) || 1;
  let left = size;
  return Readable.from(
    (function* () {
      while (left > 0) {
        const n = Math.min(left, 64 * 1024);
        const words = new Uint32Array(Math.ceil(n / 4));
        for (let i = 0; i < words.length; i++) {
          state ^= state << 13;
          state ^= state >>> 17;
          state ^= state << 5;
          words[i] = state >>> 0;
        }
        left -= n;
        yield Buffer.from(words.buffer, 0, n);
      }
    })(),
  );
}

/** The date PDFs carry inside: fixed, so a PDF's bytes (and MD5) are the same at every start. */
const PDF_EPOCH = Date.UTC(2026, 10, 30);

async function bytesOf(file: DemoLibraryFile, seed: number): Promise<Readable> {
  if ('bytes' in file.body) return demoBinary(file.path, file.body.bytes, seed);
  const pdf = await writeDemoPdf({
    title: file.title,
    subtitle: file.body.subtitle,
    reference: file.body.reference,
    author: 'Aerie',
    keywords: file.tags,
    sections: file.body.pdf,
    date: new Date(PDF_EPOCH - file.daysAgo * 86_400_000),
  });
  return Readable.from([Buffer.from(pdf)]);
}

/**
 * The demo's document library (spec 002 "Resources"), generated at the first start (PDFs
 * written with pdf-lib, software images of seeded bytes) and stored through the library's own
 * ingest, as an upload would (text extracted, MD5 computed). A library that has any file keeps
 * what it has. Answers how many files it stored.
 */
export async function seedDemoDocuments(o: SeedDocumentsOptions): Promise<number> {
  if (!(await o.documents.isEmpty())) return 0;
  const started = Date.now();
  let stored = 0;
  for (const file of demoLibrary()) {
    if (o.signal?.aborted) break;
    const modifiedOn = new Date(o.now.getTime() - file.daysAgo * 86_400_000);
    await o.documents.ingest({
      path: file.path,
      title: file.title,
      description: file.description,
      tags: file.tags,
      modifiedOn,
      source: await bytesOf(file, o.seed),
    });
    stored++;
  }
  o.log.info(`demo document library: ${stored} files in ${Date.now() - started} ms`);
  return stored;
}
