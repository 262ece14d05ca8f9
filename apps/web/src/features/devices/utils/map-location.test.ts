import { describe, expect, it } from 'vitest';
import { mapLocation, pinColor } from './map-location';

const at = (coordinates: { latitude: number; longitude: number } | null) => ({
  coordinates,
  satelliteLocationUpdatedOn: null,
  cellularLocationUpdatedOn: null,
});

describe('mapLocation', () => {
  it('reports missing coordinates', () => {
    expect(mapLocation(at(null))).toEqual({ kind: 'missing' });
    expect(mapLocation(at({ latitude: Number.NaN, longitude: 3 }))).toEqual({ kind: 'missing' });
  });
  it('reports null island (0,0) but not a point on the equator or the meridian', () => {
    expect(mapLocation(at({ latitude: 0, longitude: 0 }))).toEqual({ kind: 'nullIsland' });
    expect(mapLocation(at({ latitude: 0, longitude: 12 })).kind).toBe('located');
    expect(mapLocation(at({ latitude: -33, longitude: 0 })).kind).toBe('located');
  });
});

describe('pinColor (spec 001 §2)', () => {
  it('is #65BD81 when online on either network and #FF5959 otherwise', () => {
    expect(pinColor({ satelliteOnline: true, cellularOnline: false })).toBe('#65BD81');
    expect(pinColor({ satelliteOnline: null, cellularOnline: true })).toBe('#65BD81');
    expect(pinColor({ satelliteOnline: false, cellularOnline: false })).toBe('#FF5959');
    expect(pinColor({ satelliteOnline: null, cellularOnline: null })).toBe('#FF5959');
  });
});
