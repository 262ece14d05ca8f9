import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createFilesystemBlobStore } from '../../adapters/blob-store.js';
import { useApiContext } from '../../test/test-app.js';
import { createDocumentIngest, DocumentTooLargeError } from './document-ingest.js';
import { createResourcesRepository } from './resources.repository.js';

const api = useApiContext({ fleet: false });

async function ingestWith(maxBytes: number) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'aerie-ingest-'));
  const warnings: string[] = [];
  const ingest = createDocumentIngest({
    repo: createResourcesRepository(api.ctx.database.pool),
    blobs: createFilesystemBlobStore(root),
    log: { warn: (_obj, msg) => warnings.push(msg) },
    maxBytes,
  });
  const files = async () =>
    (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  return { ingest, files, warnings };
}

describe('the library ingest', () => {
  it('stops a file past the limit (413) and keeps no byte and no row of it', async () => {
    const { ingest, files } = await ingestWith(10);
    const source = Readable.from([Buffer.alloc(6), Buffer.alloc(6), Buffer.alloc(6)]);
    await expect(
      ingest.ingest({ path: '/documents/HAWK u8/big.bin', source }),
    ).rejects.toBeInstanceOf(DocumentTooLargeError);
    expect(await files()).toEqual([]);
    expect(
      await api.count("select count(*)::int as n from documents where file_name = 'big.bin'"),
    ).toBe(0);
  });

  it('stores a PDF that cannot be read without text, and says so in the log', async () => {
    const { ingest, files, warnings } = await ingestWith(1_000);
    const stored = await ingest.ingest({
      path: '/documents/HAWK u8/Broken.pdf',
      title: '  Broken\u0000 guide ',
      tags: ['broken'],
      source: Readable.from([Buffer.from('%PDF-1.7\nnot a real document')]),
    });
    expect(stored).toMatchObject({ replaced: false, textLength: 0 });
    expect(stored.row).toMatchObject({ title: 'Broken guide', contentType: 'application/pdf' });
    expect(warnings).toHaveLength(1);
    expect(await files()).toEqual([path.join('objects', 'documents', 'HAWK u8', 'Broken.pdf')]);
  });
});
