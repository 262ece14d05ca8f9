import { describe, expect, it } from 'vitest';
import { TRUNCATE, displayTitle, fileKind, partNumberOf, truncate } from './file-names';

describe('part-numbered file names (spec 002: NNN-NNNNN-NNN-revX)', () => {
  it('reads the part number, with or without an extension', () => {
    expect(partNumberOf('120-00101-001-revD.pdf')).toBe('120-00101-001-revD');
    expect(partNumberOf('500-00120-000-revC')).toBe('500-00120-000-revC');
    expect(partNumberOf('120-00101-001-rev12.PDF')).toBe('120-00101-001-rev12');
  });

  it.each([
    'HAWK u8 Datasheet.pdf',
    '12-00101-001-revD.pdf',
    '120-0010-001-revD.pdf',
    '120-00101-001-D.pdf',
    '120-00101-001-rev.pdf',
    'x120-00101-001-revD.pdf',
    '120-00101-001-revD.tar.gz',
  ])('sees no part number in %s', (name) => {
    expect(partNumberOf(name)).toBeNull();
  });

  it('shows a part-numbered file as its title and part number, any other file by its name', () => {
    expect(
      displayTitle({ fileName: '120-00101-001-revD.pdf', title: 'HAWK u8 Installation Guide' }),
    ).toBe('HAWK u8 Installation Guide (120-00101-001-revD)');
    expect(displayTitle({ fileName: '120-00101-001-revD.pdf', title: '120-00101-001-revD' })).toBe(
      '120-00101-001-revD',
    );
    expect(
      displayTitle({ fileName: 'RMA Process.pdf', title: 'Return Material Authorization' }),
    ).toBe('RMA Process.pdf');
  });
});

describe('truncate (spec 002: folders 75, files 90, breadcrumbs 25)', () => {
  it('keeps what fits and cuts the rest with an ellipsis, at the limit', () => {
    expect(TRUNCATE).toEqual({ folder: 75, file: 90, breadcrumb: 25 });
    expect(truncate('a'.repeat(25), 25)).toBe('a'.repeat(25));
    const cut = truncate('LOGISTICS, IMPORT, AND REGISTRATION', 25);
    expect(cut).toBe('LOGISTICS, IMPORT, AND R…');
    expect([...cut]).toHaveLength(25);
    expect([...truncate('😀'.repeat(30), 25)]).toHaveLength(25);
  });

  it("names a file's kind by its extension", () => {
    expect(fileKind('a.pdf')).toBe('PDF');
    expect(fileKind('hawk-u8-firmware-5.3.0.swu')).toBe('SWU');
    expect(fileKind('README')).toBe('File');
    expect(fileKind('.hidden')).toBe('File');
  });
});
