import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  RESOURCES_MESSAGES as M,
  folderOfDir,
  parseDocumentPath,
  type DocumentPathResult,
} from './resources.js';

const message = (r: DocumentPathResult) => (r.ok ? 'ok' : r.message);

describe('parseDocumentPath: library paths (spec 002 §8 messages)', () => {
  it('reads a file path into its container, folders and name', () => {
    expect(
      parseDocumentPath('/documents/LOGISTICS, IMPORT, AND REGISTRATION/RMA Process.pdf'),
    ).toEqual({
      ok: true,
      container: 'documents',
      segments: ['LOGISTICS, IMPORT, AND REGISTRATION', 'RMA Process.pdf'],
      path: '/documents/LOGISTICS, IMPORT, AND REGISTRATION/RMA Process.pdf',
    });
    expect(
      parseDocumentPath('/software-downloads/HAWK u8/5.3.0/hawk-u8-firmware-5.3.0.swu'),
    ).toMatchObject({
      ok: true,
      container: 'software-downloads',
    });
  });

  it('reads folders, the container root and a trailing slash included', () => {
    expect(parseDocumentPath('/documents', 'folder')).toMatchObject({ ok: true, segments: [] });
    expect(parseDocumentPath('/documents/HAWK u8/', 'folder')).toMatchObject({
      ok: true,
      path: '/documents/HAWK u8',
    });
  });

  it.each([
    ['/diagnostics/KYM-1/a.kdp', M.containerNotRecognized],
    ['/Documents/a.pdf', M.containerNotRecognized],
    ['/', M.containerNotRecognized],
    ['documents/a.pdf', M.invalidPath],
    ['', M.invalidPath],
    ['/documents', M.invalidPath],
    ['/documents/../etc/passwd', M.invalidPath],
    ['/documents/HAWK u8/../../x.pdf', M.invalidPath],
    ['/documents/./a.pdf', M.invalidPath],
    ['/documents//a.pdf', M.invalidPath],
    ['/documents/HAWK u8\\..\\a.pdf', M.invalidPath],
    ['/documents/a\u0000.pdf', M.invalidPath],
    ['/documents/a\nb/c.pdf', M.invalidPath],
    ['/documents/ padded/a.pdf', M.invalidPath],
    [`/documents/${'x'.repeat(1100)}`, M.invalidPath],
    [`/documents/${'d/'.repeat(14)}a.pdf`, M.invalidPath],
    ['/documents/HAWK u8/', M.invalidFileName],
    ['/documents/HAWK u8/.hidden', M.invalidFileName],
    ['/documents/HAWK u8/..', M.invalidFileName],
    ['/documents/HAWK u8/a:b.pdf', M.invalidFileName],
    ['/documents/HAWK u8/a?.pdf', M.invalidFileName],
    [`/documents/HAWK u8/${'n'.repeat(256)}`, M.invalidFileName],
  ])('refuses %j as a file: %s', (path, expected) => {
    expect(message(parseDocumentPath(path))).toBe(expected);
  });

  it('never accepts a path with a dot segment, a backslash or a control character', () => {
    const segment = fc.oneof(
      fc.constantFrom('..', '.', '', 'a\\b', 'x\u0000y', 'tab\there'),
      fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !s.includes('/')),
    );
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), (segments) => {
        const path = `/documents/${segments.join('/')}`;
        const bad = segments.some(
          // eslint-disable-next-line no-control-regex
          (s) => s === '..' || s === '.' || s === '' || /[\\\u0000-\u001f\u007f]/.test(s),
        );
        const result = parseDocumentPath(path);
        if (bad) expect(result.ok, path).toBe(false);
        if (result.ok) {
          expect(result.path).toBe(path);
          expect(result.segments).toEqual(segments);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('folderOfDir', () => {
  it('maps the SOFTWARE topic to the software-downloads container and keeps the others', () => {
    expect(folderOfDir('/documents/SOFTWARE')).toBe('/software-downloads');
    expect(folderOfDir('/documents/SOFTWARE/')).toBe('/software-downloads');
    expect(folderOfDir('/documents/HAWK u8/')).toBe('/documents/HAWK u8');
    expect(folderOfDir('/software-downloads/Tools')).toBe('/software-downloads/Tools');
  });
});
