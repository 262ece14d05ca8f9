import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_END, HIGHLIGHT_START } from '@aerie/contract';
import { createFilesystemBlobStore, type BlobStore } from '../../adapters/blob-store.js';
import { useApiContext } from '../../test/test-app.js';
import { createDocumentIngest, DocumentTooLargeError } from './document-ingest.js';
import { createResourcesRepository } from './resources.repository.js';

const api = useApiContext({ fleet: false });

async function ingestWith(maxBytes: number, store?: (blobs: BlobStore) => BlobStore) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'aerie-ingest-'));
  const warnings: string[] = [];
  const blobs = createFilesystemBlobStore(root);
  const ingest = createDocumentIngest({
    repo: createResourcesRepository(api.ctx.database.pool),
    blobs: store ? store(blobs) : blobs,
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

  it('keeps tags without highlight marks or control characters, once each', async () => {
    const { ingest } = await ingestWith(1_000);
    const stored = await ingest.ingest({
      path: '/documents/HAWK u8/Tagged.txt',
      tags: [`mount${HIGHLIGHT_START}ing${HIGHLIGHT_END}`, 'mount ing', '\u0007', 'radome'],
      source: Readable.from([Buffer.from('text')]),
    });
    expect(stored.row.tags).toEqual(['mount ing', 'radome']);
  });

  it('removes a file while its row is held: a file that cannot be removed keeps its row', async () => {
    let failRemove = false;
    const { ingest, files } = await ingestWith(1_000, (blobs) => ({
      ...blobs,
      remove: async (key) => {
        if (failRemove) throw new Error('the store is unavailable');
        return blobs.remove(key);
      },
    }));
    const filePath = '/documents/HAWK u8/Removal.txt';
    const key = path.join('objects', 'documents', 'HAWK u8', 'Removal.txt');
    await ingest.ingest({ path: filePath, source: Readable.from([Buffer.from('kept')]) });
    const rows = () =>
      api.count('select count(*)::int as n from documents where path = $1', [filePath]);

    failRemove = true;
    await expect(ingest.remove(filePath)).rejects.toThrow('the store is unavailable');
    // Still listed, and still there to download.
    expect(await rows()).toBe(1);
    expect(await files()).toContain(key);

    failRemove = false;
    expect(await ingest.remove(filePath)).toMatchObject({ path: filePath });
    expect(await rows()).toBe(0);
    expect(await files()).not.toContain(key);
  });
});
