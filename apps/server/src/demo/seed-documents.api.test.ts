import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_TOPICS, documentListSchema, type DocumentBlob } from '@aerie/contract';
import { useApiContext } from '../test/test-app.js';
import { demoLibrary } from './demo-library.js';
import { demoBinary, seedDemoDocuments } from './seed-documents.js';

const api = useApiContext({ fleet: false });

const seed = () =>
  seedDemoDocuments({
    documents: api.ctx.app.services.documents,
    now: new Date('2026-12-01T09:00:00Z'),
    seed: 2026,
    log: { info: () => {} },
  });

async function listAll(container: string): Promise<DocumentBlob[]> {
  const res = await api.call('credentialed', 'GET', '/v2/storage/blob/list', {
    query: { container },
  });
  expect(res.statusCode, res.body).toBe(200);
  return documentListSchema.parse(res.json()).items;
}

describe('the demo document library', () => {
  it('stores every file of the catalogue at the first start, quickly, and nothing again', async () => {
    const started = Date.now();
    const stored = await seed();
    const ms = Date.now() - started;
    expect(stored).toBe(demoLibrary().length);
    // Seconds, not minutes (PDFs written and their text extracted on this machine's PGlite).
    expect(ms).toBeLessThan(60_000);
    expect(await seed()).toBe(0);
    expect(await api.count('select count(*)::int as n from documents')).toBe(stored);
  });

  it('fills the topics of spec 002 (SOFTWARE from the software-downloads container)', async () => {
    const documents = await listAll('documents');
    const topics = new Set(documents.map((d) => d.path.split('/')[2]));
    expect([...topics].sort()).toEqual(DOCUMENT_TOPICS.filter((t) => t !== 'SOFTWARE').sort());
    const software = await listAll('software-downloads');
    expect(software.some((f) => f.fileName.endsWith('.swu'))).toBe(true);
    expect(software.some((f) => f.contentType === 'application/pdf')).toBe(true);
    // Part-numbered file names (NNN-NNNNN-NNN-revX) with their titles.
    const parts = documents.filter((d) => /^\d{3}-\d{5}-\d{3}-rev[A-Z]\.pdf$/.test(d.fileName));
    expect(parts.length).toBeGreaterThanOrEqual(8);
    expect(parts.find((d) => d.fileName === '120-00101-001-revD.pdf')?.title).toBe(
      'HAWK u8 Installation Guide',
    );
  });

  it("extracts the PDFs' text for the search and keeps the binaries' checksums", async () => {
    const withText = await api.count(
      "select count(*)::int as n from documents where content_type = 'application/pdf' and content <> ''",
    );
    const pdfs = await api.count(
      "select count(*)::int as n from documents where content_type = 'application/pdf'",
    );
    expect(withText).toBe(pdfs);
    const image = demoLibrary().find((f) => f.path.endsWith('.swu'))!;
    const md5 = createHash('md5');
    for await (const chunk of demoBinary(
      image.path,
      (image.body as { bytes: number }).bytes,
      2026,
    )) {
      md5.update(chunk as Buffer);
    }
    const listed = (await listAll('software-downloads')).find((f) => f.path === image.path);
    expect(listed?.fileHash).toBe(md5.digest('hex'));
  });
});
