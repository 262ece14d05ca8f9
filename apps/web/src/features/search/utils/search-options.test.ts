import { describe, expect, it } from 'vitest';
import {
  flatOptions,
  historySections,
  matchDetail,
  nextActive,
  resultPath,
  resultSections,
  searchableTerm,
} from './search-options';

const id = '6f1c1b8e-3c1e-4b7a-9d7e-2f1e0c9a1b2c';

describe('global search options', () => {
  it('searches only terms of 3 characters or more, trimmed', () => {
    expect(searchableTerm('ab')).toBeNull();
    expect(searchableTerm('  ab  ')).toBeNull();
    expect(searchableTerm(' abc ')).toBe('abc');
    expect(searchableTerm('x'.repeat(150))).toHaveLength(100);
  });

  it('opens each kind of result at its route (spec 000 §2.7)', () => {
    expect(resultPath({ type: 'device', id, name: 'A' })).toBe(`/devices/${id}/overview`);
    expect(resultPath({ type: 'remote', id, name: 'A' })).toBe(`/devices/${id}/overview`);
    expect(resultPath({ type: 'subscription', id, name: 'A' })).toBe(
      `/subscriptions/${id}/overview`,
    );
    expect(resultPath({ type: 'doc', id: '/documents/a b.pdf', name: 'A' })).toBe(
      '/resources/download?path=%2Fdocuments%2Fa+b.pdf&view=true',
    );
  });

  it('says what a device matched in the words users know', () => {
    expect(matchDetail(null)).toBeNull();
    expect(matchDetail({ field: 'serial', componentType: null, value: 'KA1' })).toBe('Serial KA1');
    expect(matchDetail({ field: 'component', componentType: 'HybridImei', value: '35' })).toBe(
      'IMEI 35',
    );
    expect(matchDetail({ field: 'component', componentType: 'Widget', value: '9' })).toBe(
      'Widget serial 9',
    );
    expect(matchDetail({ field: 'remoteId', componentType: null, value: id })).toBe(
      `Remote ID ${id}`,
    );
  });

  it('lists past terms, then recent results; nothing when both are empty', () => {
    expect(historySections([], [])).toEqual([]);
    const sections = historySections(['camp'], [{ type: 'device', id, name: 'Camp 2' }]);
    expect(sections.map((s) => s.label)).toEqual(['Recent searches', 'Recent results']);
    expect(flatOptions(sections).map((o) => o.key)).toEqual(['term:camp', `recent:device:${id}`]);
  });

  it('groups results as devices then subscriptions, each with what identifies it', () => {
    const sections = resultSections({
      devices: [
        {
          type: 'remote',
          id,
          name: 'Camp 2',
          match: { field: 'remoteId', componentType: null, value: id },
        },
      ],
      subscriptions: [{ id, name: 'Maritime 50 GB', subscriptionNumber: 'SUB-1' }],
      docs: [
        {
          filePath: '/documents/HAWK u8/Installation/120-00101-001-revD.pdf',
          title: 'HAWK u8 Installation Guide',
          fileName: '120-00101-001-revD.pdf',
        },
      ],
    });
    expect(sections.map((s) => s.label)).toEqual(['Devices', 'Subscriptions', 'Documents']);
    expect(flatOptions(sections)).toMatchObject([
      { result: { type: 'remote', id, name: 'Camp 2' }, detail: `Remote ID ${id}` },
      { result: { type: 'subscription', id, name: 'Maritime 50 GB' }, detail: 'SUB-1' },
      {
        result: {
          type: 'doc',
          id: '/documents/HAWK u8/Installation/120-00101-001-revD.pdf',
          name: 'HAWK u8 Installation Guide',
        },
        detail: '120-00101-001-revD.pdf',
      },
    ]);
    expect(resultSections({ devices: [], subscriptions: [], docs: [] })).toEqual([]);
  });

  it('walks the options with the arrow keys, wrapping at both ends', () => {
    expect(nextActive(-1, 3, 1)).toBe(0);
    expect(nextActive(-1, 3, -1)).toBe(2);
    expect(nextActive(2, 3, 1)).toBe(0);
    expect(nextActive(0, 3, -1)).toBe(2);
    expect(nextActive(0, 0, 1)).toBe(-1);
  });
});
