// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import labelsAsset from './basemap-labels.json';
import { degreeLabel, graticule, readLabels } from './basemap';
import { basemapStyle } from './basemap-style';

type Row = [number, number, string, number];
const asset = labelsAsset as unknown as { places: Row[]; countries: Row[] };

/** The places a map card of 560 x 300 px shows around a point at a zoom (512 px tiles). */
function placesInView(latitude: number, longitude: number, zoom: number): string[] {
  const degreesPerPixel = 360 / (512 * 2 ** zoom);
  const halfLon = 280 * degreesPerPixel;
  const halfLat = 150 * degreesPerPixel * Math.cos((latitude * Math.PI) / 180);
  return asset.places
    .filter(
      ([lon, lat, , z]) =>
        z <= zoom && Math.abs(lon - longitude) <= halfLon && Math.abs(lat - latitude) <= halfLat,
    )
    .map(([, , name]) => name);
}

describe('the basemap labels (issue 13: place names at the initial zoom)', () => {
  it('names towns around inland sites of the demo fleet at zoom 8', () => {
    for (const [site, lat, lon] of [
      ['Permian Basin', 31.9, -102.1],
      ['Highlands', 57.1, -3.8],
      ['Rift Valley', 1.0, 35.6],
      ['Rhine corridor', 49.0, 8.4],
      ['I-10', 32.22, -110.97],
    ] as const) {
      expect(placesInView(lat, lon, 8).length, site).toBeGreaterThan(0);
    }
  });

  it('thins the places as the map zooms out: cities, then only the largest', () => {
    const upTo = (zoom: number) => asset.places.filter(([, , , z]) => z <= zoom).length;
    expect(upTo(2)).toBeLessThan(100);
    expect(upTo(5)).toBeLessThan(1500);
    expect(upTo(8)).toBeGreaterThan(10_000);
    // Around London: a handful of names at zoom 5, more at zoom 8 in a far smaller area.
    expect(placesInView(51.5, -0.12, 5)).toContain('London');
    expect(placesInView(51.5, -0.12, 5).length).toBeLessThan(25);
    expect(placesInView(51.5, -0.12, 2)).toContain('London');
  });

  it('labels every country once, large ones from the world view', () => {
    const names = asset.countries.map(([, , name]) => name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['Russia', 'Australia', 'Kenya', 'Norway']));
    const russia = asset.countries.find(([, , name]) => name === 'Russia')!;
    expect(russia[3]).toBe(1);
    for (const [lon, lat] of asset.countries) {
      expect(Math.abs(lon)).toBeLessThanOrEqual(180);
      expect(Math.abs(lat)).toBeLessThanOrEqual(90);
    }
  });

  it('turns the compact rows into GeoJSON points ranked in order', () => {
    const labels = readLabels({
      places: [
        [1, 2, 'A', 3],
        [4, 5, 'B', 8],
      ],
      countries: [[0, 0, 'C', 1]],
    });
    expect(labels.places.features[1]).toEqual({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [4, 5] },
      properties: { name: 'B', z: 8, rank: 1 },
    });
    expect(labels.countries.features).toHaveLength(1);
  });
});

describe('the graticule', () => {
  it('writes degrees with their hemisphere', () => {
    expect(degreeLabel(45, 'latitude')).toBe('45°N');
    expect(degreeLabel(-33, 'longitude')).toBe('33°W');
    expect(degreeLabel(0, 'latitude')).toBe('0°');
    expect(degreeLabel(-180, 'longitude')).toBe('180°');
  });

  it('has a line every degree, marked with the coarsest spacing it belongs to', () => {
    const lines = graticule().features;
    expect(lines).toHaveLength(161 + 360);
    const step = (label: string) => lines.find((l) => l.properties.label === label)?.properties;
    expect(step('40°N')?.step).toBe(10);
    expect(step('45°N')?.step).toBe(5);
    expect(step('46°N')?.step).toBe(1);
  });
});

describe('the basemap style', () => {
  it.each(['light', 'dark'] as const)(
    'draws its %s labels with the bundled Roboto through font-faces, with no glyph server',
    (scheme) => {
      const style = basemapStyle(scheme);
      expect(style.glyphs).toBeUndefined();
      const faces = style['font-faces']!;
      for (const files of Object.values(faces)) {
        for (const face of files as { url: string }[]) {
          expect(face.url).toMatch(/roboto-latin(-ext)?-[45]00-normal.*\.woff2/);
          expect(new URL(face.url).origin).toBe(window.location.origin);
        }
      }
      const symbols = style.layers.filter((l) => l.type === 'symbol');
      expect(symbols.map((l) => l.id)).toEqual(
        expect.arrayContaining(['place-labels', 'country-labels', 'graticule-labels']),
      );
      for (const layer of symbols) {
        for (const font of (layer.layout?.['text-font'] ?? []) as string[])
          expect(Object.keys(faces)).toContain(font);
      }
      // The sources are all in the style: nothing is fetched from a tile server.
      for (const source of Object.values(style.sources)) expect(source.type).toBe('geojson');
    },
  );

  it('keeps the dark basemap dark and the light one light', () => {
    const background = (scheme: 'light' | 'dark') =>
      basemapStyle(scheme).layers.find((l) => l.id === 'sea')?.paint as Record<string, string>;
    expect(background('dark')['background-color']).toBe('#14232b');
    expect(background('light')['background-color']).toBe('#cde4ec');
  });
});
