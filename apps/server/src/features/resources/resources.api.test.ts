import { createHash, createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  HIGHLIGHT_END as E,
  HIGHLIGHT_START as S,
  RESOURCES_MESSAGES as M,
  documentListSchema,
  documentSearchResultsSchema,
  documentUploadResponseSchema,
  searchResultsSchema,
  type DocumentBlob,
  type RoleKey,
} from '@aerie/contract';
import { writeDemoPdf } from '../../demo/demo-pdf.js';
import { seedDemoDocuments } from '../../demo/seed-documents.js';
import { multipartBody, type FormPart } from '../../test/multipart.js';
import { useApiContext } from '../../test/test-app.js';

const api = useApiContext({ fleet: false });

/** A PDF whose only mention of `word` is in its body text. */
const fixturePdf = (title: string, word: string) =>
  writeDemoPdf({
    title,
    subtitle: 'Test fixture',
    reference: 'Part 999-00000-001',
    author: 'Tests',
    keywords: [],
    date: new Date('2026-01-01T00:00:00Z'),
    sections: [
      {
        heading: 'Body',
        paragraphs: [
          'The first paragraph talks about antennas and brackets.',
          `On the second page a technician tightens the ${word} before the cover goes back on.`,
        ],
      },
    ],
  });

async function upload(
  role: RoleKey | null,
  parts: FormPart[],
): Promise<{ statusCode: number; body: string; json: () => unknown }> {
  const { payload, contentType } = multipartBody(parts);
  return api.ctx.app.inject({
    method: 'POST',
    url: '/v2/admin/documents',
    payload,
    headers: { ...(role ? api.as(role) : {}), 'content-type': contentType },
  });
}

const fileParts = (filePath: string, content: Uint8Array | string, extra: FormPart[] = []) => [
  { name: 'path', content: filePath },
  ...extra,
  { name: 'file', fileName: path.posix.basename(filePath), content },
];

async function list(query: Record<string, string>, role: RoleKey = 'credentialed') {
  const res = await api.call(role, 'GET', '/v2/storage/blob/list', { query });
  expect(res.statusCode, res.body).toBe(200);
  return documentListSchema.parse(res.json());
}

async function documentSearch(
  searchTerm: string,
  maxResults = 999,
  role: RoleKey = 'credentialed',
) {
  const res = await api.call(role, 'GET', '/v2/search', {
    query: { searchTerm, maxResults: String(maxResults) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return documentSearchResultsSchema.parse(res.json()).documents;
}

const signedUrl = (role: RoleKey, container: string, filePath: string, view = false) =>
  api.call(role, 'POST', '/v2/storage/blob', { body: { container, filePath, view } });

const fetchUrl = (url: string) => {
  const u = new URL(url);
  return api.ctx.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
};

/** A 400 naming `field` whose message holds `message` (validation prefixes where it was). */
function expectRefusal(
  res: { statusCode: number; json: () => unknown },
  field: string,
  message: string,
  label: string,
): void {
  expect(res.statusCode, label).toBe(400);
  const body = res.json() as { field?: string; message: string };
  expect(body.field, label).toBe(field);
  expect(body.message, label).toContain(message);
}

const FIXTURE = '/documents/HAWK u8/Fixtures/999-00000-001-revA.pdf';
let fixtureBytes: Uint8Array;

beforeAll(async () => {
  await seedDemoDocuments({
    documents: api.ctx.app.services.documents,
    now: new Date('2026-12-01T09:00:00Z'),
    seed: 2026,
    log: { info: () => {} },
  });
  fixtureBytes = await fixturePdf('Bracket Service Note', 'quokkabolt');
  const res = await upload(
    'superUser',
    fileParts(FIXTURE, fixtureBytes, [
      { name: 'title', content: 'Bracket Service Note' },
      { name: 'tags', content: 'zephyrine, brackets , zephyrine' },
    ]),
  );
  expect(res.statusCode, res.body).toBe(200);
}, 120_000);

describe('GET /v2/storage/blob/list', () => {
  it("lists a container's files by path, each container its own", async () => {
    const documents = await list({ container: 'documents' });
    expect(documents.items.length).toBeGreaterThan(30);
    expect(documents.items.every((b) => b.path.startsWith('/documents/'))).toBe(true);
    const paths = documents.items.map((b) => b.path);
    expect(paths).toEqual([...paths].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const software = await list({ container: 'software-downloads' });
    expect(software.items.every((b) => b.path.startsWith('/software-downloads/'))).toBe(true);
    const image = software.items.find((b) => b.fileName.endsWith('.swu'))!;
    expect(image).toMatchObject({
      uri: `storage:/${image.path}`,
      contentType: 'application/octet-stream',
    });
    expect(image.fileHash).toMatch(/^[0-9a-f]{32}$/);
  });

  it('lists a folder and its subfolders, and pages by path without gaps or repeats', async () => {
    const hawk = await list({ container: 'documents', prefix: '/documents/HAWK u8' });
    expect(hawk.items.length).toBeGreaterThan(5);
    expect(hawk.items.every((b) => b.path.startsWith('/documents/HAWK u8/'))).toBe(true);
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page: { items: DocumentBlob[]; next: string | null } = await list({
        container: 'documents',
        prefix: '/documents/HAWK u8/',
        take: '3',
        ...(after ? { after } : {}),
      });
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((b) => b.path));
      after = page.next;
    } while (after);
    expect(seen).toEqual(hawk.items.map((b) => b.path));
  });

  it("refuses another container with spec 002's message, and a prefix outside it", async () => {
    for (const container of ['diagnostics', 'secrets', '']) {
      const res = await api.call('superUser', 'GET', '/v2/storage/blob/list', {
        query: { container },
      });
      expectRefusal(res, 'container', M.containerNotRecognized, container);
    }
    const cases: [string, string][] = [
      ['/documents/../software-downloads', M.invalidPath],
      ['/documents/HAWK u8/./x', M.invalidPath],
      ['/documents\\HAWK u8', M.invalidPath],
      ['documents/HAWK u8', M.invalidPath],
      ['/other/HAWK u8', M.containerNotRecognized],
      [`/documents/${'a'.repeat(1100)}`, M.invalidPath],
    ];
    for (const [prefix, message] of cases) {
      const res = await api.call('superUser', 'GET', '/v2/storage/blob/list', {
        query: { container: 'documents', prefix },
      });
      expectRefusal(res, 'prefix', message, prefix);
    }
    const other = await api.call('superUser', 'GET', '/v2/storage/blob/list', {
      query: { container: 'documents', prefix: '/software-downloads/Tools' },
    });
    expect(other.statusCode).toBe(400);
    const nul = await api.call(
      'superUser',
      'GET',
      '/v2/storage/blob/list?container=documents&prefix=%2Fdocuments%2Fa%00b',
    );
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ field: 'prefix' });
  });

  it("is every signed-in user's, and nobody else's", async () => {
    for (const role of ['superUser', 'salesSupport', 'accountAdmin', 'credentialed'] as const) {
      await list({ container: 'documents', prefix: '/documents/OSPREY u8' }, role);
    }
    const res = await api.call(null, 'GET', '/v2/storage/blob/list', {
      query: { container: 'documents' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /v2/storage/blob for the document containers', () => {
  it('answers a signed URL that downloads the file without a token, inline only for PDFs', async () => {
    const res = await signedUrl('credentialed', 'documents', FIXTURE, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const file = await fetchUrl(res.body);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(
      /^inline; filename="999-00000-001-revA.pdf"/,
    );
    expect(Buffer.from(file.rawPayload).equals(Buffer.from(fixtureBytes))).toBe(true);

    const software = (await list({ container: 'software-downloads' })).items.find((b) =>
      b.fileName.endsWith('.swu'),
    )!;
    const binary = await fetchUrl(
      (await signedUrl('accountAdmin', 'software-downloads', software.path, true)).body,
    );
    expect(binary.statusCode).toBe(200);
    expect(binary.headers['content-disposition']).toMatch(/^attachment; /);
    expect(createHash('md5').update(binary.rawPayload).digest('hex')).toBe(software.fileHash);
    expect(binary.rawPayload.length).toBe(software.fileSize);
  });

  it('refuses a forged, altered or expired token with 403', async () => {
    const url = new URL((await signedUrl('credentialed', 'documents', FIXTURE)).body);
    const token = url.searchParams.get('token')!;
    const [payload, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const forged = Buffer.from(JSON.stringify({ ...claims, e: 9e9 })).toString('base64url');
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    for (const bad of [`${forged}.${signature}`, `${payload}.${flipped}`, 'x.y']) {
      const res = await api.call(
        null,
        'GET',
        `/v2/storage/blob/signed?token=${encodeURIComponent(bad)}`,
      );
      expect(res.statusCode, bad).toBe(403);
    }
    // The same claims, expired, signed with the server's key (decision 039's token format).
    const key = Buffer.from(
      (await api.scalar<string>(
        "select material->>'key' from identity_keys where id = 'diagnostics-url-signing-1'",
      ))!,
      'base64',
    );
    const sign = (e: number) => {
      const body = Buffer.from(JSON.stringify({ ...claims, e })).toString('base64url');
      const mac = createHmac('sha256', key).update('aerie-blob-url/1.').update(body).digest();
      return `${body}.${mac.toString('base64url')}`;
    };
    const now = Math.floor(Date.now() / 1000);
    const expired = await api.call(null, 'GET', `/v2/storage/blob/signed?token=${sign(now - 1)}`);
    expect(expired.statusCode).toBe(403);
    const valid = await api.call(null, 'GET', `/v2/storage/blob/signed?token=${sign(now + 60)}`);
    expect(valid.statusCode).toBe(200);
  });

  it("refuses paths that cannot be a file of the container with spec 002's messages", async () => {
    const cases: [string, string, string][] = [
      ['documents', '/documents/../etc/passwd', M.invalidPath],
      ['documents', '/documents/HAWK u8/', M.invalidFileName],
      ['documents', '/documents/HAWK u8/.hidden', M.invalidFileName],
      ['documents', '/documents/HAWK u8/a<b>.pdf', M.invalidFileName],
      ['documents', 'HAWK u8/Safety Information.pdf', M.invalidPath],
      ['documents', '/elsewhere/a.pdf', M.containerNotRecognized],
      ['documents', '/software-downloads/Tools/aerie-opt-cli-1.3.0.zip', M.invalidPath],
      ['documents', `${FIXTURE}\u0000`, ''],
      ['documents', `/documents/${'x'.repeat(1100)}.pdf`, M.invalidPath],
    ];
    for (const [container, filePath, message] of cases) {
      const res = await signedUrl('credentialed', container, filePath);
      expectRefusal(res, 'filePath', message, filePath);
    }
    const container = await signedUrl('credentialed', 'elsewhere', FIXTURE);
    expectRefusal(container, 'container', M.containerNotRecognized, 'container');
    const missing = await signedUrl('credentialed', 'documents', '/documents/HAWK u8/None.pdf');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: M.documentNotFound });
    const anonymous = await api.call(null, 'POST', '/v2/storage/blob', {
      body: { container: 'documents', filePath: FIXTURE },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /v2/search: documents', () => {
  it("finds a word that is only inside a PDF's text, with the match marked", async () => {
    const [hit, ...rest] = await documentSearch('quokkabolt');
    expect(rest).toEqual([]);
    expect(hit).toMatchObject({
      fileName: '999-00000-001-revA.pdf',
      filePath: FIXTURE,
      title: 'Bracket Service Note',
      contentType: 'application/pdf',
      fileSize: fixtureBytes.length,
    });
    expect(hit!.highlights.content.join(' ')).toContain(`${S}quokkabolt${E}`);
    expect(hit!.highlights.tags).toEqual([]);
  });

  it('marks the matching tags, and stems words (installing finds installation)', async () => {
    const [hit] = await documentSearch('zephyrine');
    expect(hit?.highlights.tags).toEqual([`${S}zephyrine${E}, brackets`]);
    const installing = await documentSearch('installing the terminal');
    expect(installing.map((d) => d.title)).toContain('HAWK u8 Installation Guide');
  });

  it('answers at most maxResults, one per file name (the same file in several folders)', async () => {
    const safety = await documentSearch('radio frequency exposure');
    expect(safety.filter((d) => d.fileName === 'Safety Information.pdf')).toHaveLength(1);
    const many = await documentSearch('terminal');
    expect(many.length).toBeGreaterThan(10);
    expect(new Set(many.map((d) => d.fileName.toLowerCase())).size).toBe(many.length);
    expect(await documentSearch('terminal', 4)).toHaveLength(4);
  });

  it('puts a docs group (filePath, title, fileName) in the top bar search, words as prefixes', async () => {
    const res = await api.call('credentialed', 'GET', '/v2/search', {
      query: { searchTerm: 'hawk instal' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = searchResultsSchema.parse(res.json());
    expect(r.subscriptions).toEqual([]);
    expect(r.docs.length).toBeGreaterThan(0);
    expect(r.docs.length).toBeLessThanOrEqual(10);
    expect(r.docs).toContainEqual({
      filePath: '/documents/HAWK u8/Installation/120-00101-001-revD.pdf',
      title: 'HAWK u8 Installation Guide',
      fileName: '120-00101-001-revD.pdf',
    });
    // A part number, by any part of the file name first (its words also match as prefixes).
    const part = searchResultsSchema.parse(
      (
        await api.call('credentialed', 'GET', '/v2/search', { query: { searchTerm: '00201-002' } })
      ).json(),
    );
    expect(part.docs[0]?.fileName).toBe('120-00201-002-revD.pdf');
  });

  it('refuses take with maxResults, and maxResults over 999, naming the field', async () => {
    for (const query of [
      { searchTerm: 'hawk', take: '5', maxResults: '10' },
      { searchTerm: 'hawk', maxResults: '1000' },
      { searchTerm: 'hawk', maxResults: '0' },
    ]) {
      const res = await api.call('credentialed', 'GET', '/v2/search', { query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toMatchObject({ field: 'maxResults' });
    }
    const anonymous = await api.call(null, 'GET', '/v2/search', {
      query: { searchTerm: 'hawk', maxResults: '10' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /v2/admin/documents and DELETE /v2/admin/documents', () => {
  const note = '/software-downloads/Tools/Readme.txt';

  it('stores, replaces and removes a file (Super User, brand Admin)', async () => {
    const first = await upload('providerAdmin', fileParts(note, 'first version\n'));
    expect(first.statusCode, first.body).toBe(200);
    const stored = documentUploadResponseSchema.parse(first.json());
    expect(stored).toMatchObject({ replaced: false, textLength: 0 });
    expect(stored.document).toMatchObject({
      path: note,
      fileName: 'Readme.txt',
      title: 'Readme',
      contentType: 'text/plain; charset=utf-8',
      fileSize: 14,
      fileHash: createHash('md5').update('first version\n').digest('hex'),
    });
    const second = await upload('superUser', fileParts(note, 'second\n'));
    expect(documentUploadResponseSchema.parse(second.json())).toMatchObject({ replaced: true });
    const blob = path.join(
      api.ctx.config.blobDir,
      'objects',
      'software-downloads',
      'Tools',
      'Readme.txt',
    );
    expect(existsSync(blob)).toBe(true);

    const removed = await api.call('superUser', 'DELETE', '/v2/admin/documents', {
      query: { path: note },
    });
    expect(removed.statusCode).toBe(204);
    expect(existsSync(blob)).toBe(false);
    const again = await api.call('superUser', 'DELETE', '/v2/admin/documents', {
      query: { path: note },
    });
    expect(again.statusCode).toBe(404);
    expect(
      (await list({ container: 'software-downloads' })).items.map((b) => b.path),
    ).not.toContain(note);
  });

  it('streams a file larger than a JSON body, as big as a manual or a software image', async () => {
    const image = '/software-downloads/Tools/large-image.swu';
    // Over the server's 256 KiB body limit, which a multipart file must not be held to.
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
    const res = await upload('superUser', fileParts(image, bytes));
    expect(res.statusCode, res.body).toBe(200);
    expect(documentUploadResponseSchema.parse(res.json()).document).toMatchObject({
      fileSize: bytes.length,
      fileHash: createHash('md5').update(bytes).digest('hex'),
    });
    const removed = await api.call('superUser', 'DELETE', '/v2/admin/documents', {
      query: { path: image },
    });
    expect(removed.statusCode).toBe(204);
  });

  it('is refused to every other role (403) and without a token (401)', async () => {
    for (const role of [
      'salesSupport',
      'productSupport',
      'accountAdmin',
      'credentialed',
    ] as const) {
      expect((await upload(role, fileParts(note, 'x'))).statusCode, role).toBe(403);
      const res = await api.call(role, 'DELETE', '/v2/admin/documents', {
        query: { path: FIXTURE },
      });
      expect(res.statusCode, role).toBe(403);
    }
    expect((await upload(null, fileParts(note, 'x'))).statusCode).toBe(401);
  });

  it('refuses bad fields with a 400 naming the field, and keeps nothing', async () => {
    const cases: [FormPart[], string][] = [
      [fileParts('/documents/../x.pdf', 'x'), 'path'],
      [fileParts('/documents/HAWK u8/a\u0000b.pdf', 'x'), 'path'],
      [fileParts('/nowhere/x.pdf', 'x'), 'path'],
      [[{ name: 'file', fileName: 'x.pdf', content: 'x' }], 'path'],
      [[{ name: 'path', content: note }], 'file'],
      [fileParts(note, 'x', [{ name: 'title', content: 't'.repeat(301) }]), 'title'],
      [fileParts(note, 'x', [{ name: 'title', content: 'a\u0007b' }]), 'title'],
      [
        fileParts(note, 'x', [
          { name: 'tags', content: Array.from({ length: 31 }, (_, i) => `t${i}`).join(',') },
        ]),
        'tags',
      ],
      [fileParts(note, 'x', [{ name: 'owner', content: 'me' }]), 'owner'],
      [
        [
          { name: 'path', content: note },
          { name: 'path', content: note },
          { name: 'file', fileName: 'a', content: 'x' },
        ],
        'path',
      ],
    ];
    for (const [parts, field] of cases) {
      const res = await upload('superUser', parts);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ field });
    }
    const json = await api.call('superUser', 'POST', '/v2/admin/documents', {
      body: { path: note },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ field: 'file' });
    expect(
      await api.count(
        "select count(*)::int as n from documents where path like '%Readme%' or path like '%/x.pdf'",
      ),
    ).toBe(0);
  });
});
