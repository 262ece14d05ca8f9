import { describe, expect, it } from 'vitest';
import {
  availableSoftwareUpdates,
  compareSoftwareVersions,
  softwareVersionTextSchema,
} from '@aerie/contract';

describe('compareSoftwareVersions', () => {
  it('compares dotted parts as numbers, not as text', () => {
    expect(compareSoftwareVersions('4.10.0', '4.9.3')).toBeGreaterThan(0);
    expect(compareSoftwareVersions('4.9.3', '4.10.0')).toBeLessThan(0);
    expect(compareSoftwareVersions('10.0.0', '9.9.9')).toBeGreaterThan(0);
  });

  it('treats a missing part as 0', () => {
    expect(compareSoftwareVersions('5.1', '5.1.0')).toBe(0);
    expect(compareSoftwareVersions('5', '5.0.1')).toBeLessThan(0);
  });

  it('ignores a suffix of a part from a release catalogue', () => {
    expect(compareSoftwareVersions('5.2.0-rc1', '5.2.0')).toBe(0);
    expect(compareSoftwareVersions('5.2.1-rc1', '5.2.0')).toBeGreaterThan(0);
  });

  it('sorts a list in release order', () => {
    const sorted = ['5.0.0', '4.10.1', '4.9.3', '4.10.0', '4.8.2'].sort(compareSoftwareVersions);
    expect(sorted).toEqual(['4.8.2', '4.9.3', '4.10.0', '4.10.1', '5.0.0']);
  });
});

describe('softwareVersionTextSchema', () => {
  it('accepts dotted numbers and trims them', () => {
    expect(softwareVersionTextSchema.parse(' 5.1.1 ')).toBe('5.1.1');
    expect(softwareVersionTextSchema.parse('5')).toBe('5');
  });

  it('rejects anything else with a message', () => {
    for (const bad of ['abc', '5..1', '5.1.', '1.2.3.4.5', '-1', '5.1.1; drop table']) {
      const result = softwareVersionTextSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/dotted numbers|too long/);
    }
  });
});

describe('availableSoftwareUpdates', () => {
  const catalogue = ['5.0.0', '4.10.1', '4.9.3', '4.10.0'].map((version) => ({ version }));

  it('offers the newer releases, oldest first', () => {
    expect(availableSoftwareUpdates(catalogue, '4.9.3').map((v) => v.version)).toEqual([
      '4.10.0',
      '4.10.1',
      '5.0.0',
    ]);
  });

  it('offers nothing to a device that never checked in or is on the latest', () => {
    expect(availableSoftwareUpdates(catalogue, null)).toEqual([]);
    expect(availableSoftwareUpdates(catalogue, '')).toEqual([]);
    expect(availableSoftwareUpdates(catalogue, '5.0.0')).toEqual([]);
  });
});
