import { describe, expect, it } from 'vitest';
import { zoneWriteSchema } from '@aerie/contract';
import { demoZones } from './seed-zones.js';

describe('demo zones', () => {
  it('all pass the validation of POST /v2/zones', () => {
    for (const zone of demoZones) {
      const r = zoneWriteSchema.safeParse({ name: zone.name, coordinates: zone.coordinates });
      expect(r.success, `${zone.name}: ${r.error?.issues[0]?.message}`).toBe(true);
    }
  });

  it('have names unique within each account', () => {
    const keys = demoZones.map((z) => `${z.account}/${z.name.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
