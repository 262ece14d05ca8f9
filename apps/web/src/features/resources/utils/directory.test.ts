import type { DocumentBlob } from '@aerie/contract';
import { describe, expect, it } from 'vitest';
import { breadcrumbsOf, entriesOf, topicRoot } from './directory';

const blob = (path: string, size = 10, modifiedOn = '2026-11-01T00:00:00.000Z'): DocumentBlob => ({
  uri: `storage:/${path}`,
  path,
  fileName: path.split('/').at(-1)!,
  fileSize: size,
  contentType: 'application/pdf',
  modifiedOn,
  fileHash: '0'.repeat(32),
  title: 'T',
  description: null,
  tags: [],
});

describe('topicRoot', () => {
  it('lists a topic under its documents folder, and SOFTWARE from the software container', () => {
    expect(topicRoot('/documents/HAWK u8')).toEqual({
      ok: true,
      container: 'documents',
      folder: '/documents/HAWK u8',
      label: 'HAWK u8',
    });
    expect(topicRoot('/documents/SOFTWARE')).toEqual({
      ok: true,
      container: 'software-downloads',
      folder: '/software-downloads',
      label: 'SOFTWARE',
    });
  });

  it("refuses a rootDir that is not a library folder with spec 002's messages", () => {
    expect(topicRoot('/secret/HAWK u8')).toEqual({
      ok: false,
      message: 'Storage container not recognized.',
    });
    expect(topicRoot('/documents/../x')).toEqual({ ok: false, message: 'Invalid path.' });
    expect(topicRoot('')).toEqual({ ok: false, message: 'Invalid path.' });
  });
});

describe('entriesOf: the folder view derived from the blobs', () => {
  const blobs = [
    blob('/documents/HAWK u8/Safety Information.pdf', 5),
    blob('/documents/HAWK u8/Installation/b.pdf', 7, '2026-11-20T00:00:00.000Z'),
    blob('/documents/HAWK u8/Installation/Deep/c.pdf', 3),
    blob('/documents/HAWK u8/Datasheets/a.pdf', 1),
    blob('/documents/HAWK u8/10 Notes.pdf', 1),
    blob('/documents/HAWK u8/2 Notes.pdf', 1),
    blob('/documents/HAWK u8x/other.pdf', 1),
  ];

  it('lists folders first, then files, each by name (numbers in their order)', () => {
    const entries = entriesOf(blobs, '/documents/HAWK u8');
    expect(entries.map((e) => [e.isDirectory, e.name])).toEqual([
      [true, 'Datasheets'],
      [true, 'Installation'],
      [false, '2 Notes.pdf'],
      [false, '10 Notes.pdf'],
      [false, 'Safety Information.pdf'],
    ]);
  });

  it('gives a folder its path, the bytes under it and its newest change', () => {
    const installation = entriesOf(blobs, '/documents/HAWK u8').find(
      (e) => e.name === 'Installation',
    );
    expect(installation).toMatchObject({
      absolutePath: '/documents/HAWK u8/Installation',
      length: 10,
      md5sum: null,
      modifiedOn: '2026-11-20T00:00:00.000Z',
    });
    expect(entriesOf(blobs, '/documents/HAWK u8/Installation/Deep').map((e) => e.name)).toEqual([
      'c.pdf',
    ]);
    expect(entriesOf(blobs, '/documents/HAWK u8/Nothing')).toEqual([]);
  });
});

describe('breadcrumbsOf', () => {
  const root = { container: 'documents' as const, folder: '/documents/HAWK u8', label: 'HAWK u8' };
  it('walks from the topic to the open folder', () => {
    expect(
      breadcrumbsOf(root, '/documents/HAWK u8', '/documents/HAWK u8/Installation/Deep'),
    ).toEqual([
      { name: 'HAWK u8', dir: '/documents/HAWK u8' },
      { name: 'Installation', dir: '/documents/HAWK u8/Installation' },
      { name: 'Deep', dir: '/documents/HAWK u8/Installation/Deep' },
    ]);
  });

  it('has none for a folder outside the topic (the error of spec 002)', () => {
    expect(breadcrumbsOf(root, '/documents/HAWK u8', '/documents/OSPREY u8')).toBeNull();
    expect(breadcrumbsOf(root, '/documents/HAWK u8', '/documents/HAWK u8x')).toBeNull();
  });
});
