import { describe, expect, it } from 'vitest';
import { continuousRing, withContinuousLongitudes } from './antimeridian';

describe('continuousRing', () => {
  it('leaves a ring that does not cross the antimeridian as it is', () => {
    const ring = [
      [10, 10],
      [20, 10],
      [20, 20],
      [10, 10],
    ];
    expect(continuousRing(ring)).toEqual(ring);
  });

  it('shifts the part past the antimeridian by 360 so no step exceeds 180 degrees', () => {
    const ring = [
      [178, 65],
      [179.9, 66],
      [-179.5, 66],
      [-175, 65],
      [178, 65],
    ];
    const fixed = continuousRing(ring);
    expect(fixed).toEqual([
      [178, 65],
      [179.9, 66],
      [180.5, 66],
      [185, 65],
      [178, 65],
    ]);
    for (let i = 1; i < fixed.length; i++) {
      expect(Math.abs(fixed[i]![0]! - fixed[i - 1]![0]!)).toBeLessThanOrEqual(180);
    }
  });

  it('handles a ring crossing westwards', () => {
    expect(
      continuousRing([
        [-179, 0],
        [179, 1],
        [-179, 2],
      ]),
    ).toEqual([
      [-179, 0],
      [-181, 1],
      [-179, 2],
    ]);
  });
});

describe('withContinuousLongitudes', () => {
  it('fixes every ring of polygons and multipolygons', () => {
    const out = withContinuousLongitudes({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'Fiji' },
          geometry: {
            type: 'MultiPolygon',
            coordinates: [
              [
                [
                  [179, -17],
                  [-179, -17],
                  [-179, -16],
                  [179, -17],
                ],
              ],
            ],
          },
        },
      ],
    });
    const geometry = out.features[0]!.geometry;
    expect(geometry.type === 'MultiPolygon' && geometry.coordinates[0]![0]).toEqual([
      [179, -17],
      [181, -17],
      [181, -16],
      [179, -17],
    ]);
    expect(out.features[0]!.properties).toEqual({ name: 'Fiji' });
  });
});
