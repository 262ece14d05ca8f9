// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { degreeLabel, graticule, labelFilesFor, labelLoader, readLabels } from './basemap';
import { basemapStyle } from './basemap-style';

type Row = [number, number, string, number, number];
const files = import.meta.glob<{ places: Row[]; countries?: Row[] }>('./labels/*.json', {
  eager: true,
  import: 'default',
});
/** Every label file together: each place once, in order of rank. */
const asset = {
  places: [
    ...new Map(
      Object.values(files)
        .flatMap((file) => file.places)
        .map((row) => [row[4], row]),
    ).values(),
  ].sort((a, b) => a[4] - b[4]),
  countries: files['./labels/world.json']!.countries!,
};

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

  it('keeps every place once, ranked 0..n-1, in the cell of its position', () => {
    expect(asset.places.map((row) => row[4])).toEqual(asset.places.map((_, i) => i));
    for (const [name, file] of Object.entries(files)) {
      const cell = /cell-(\d+)-(\d+)\.json$/.exec(name);
      if (!cell) continue;
      for (const [lon, lat] of file.places) {
        expect(Math.min(35, Math.floor((lon + 180) / 10))).toBe(Number(cell[1]));
        expect(Math.min(17, Math.floor((lat + 90) / 10))).toBe(Number(cell[2]));
      }
    }
    // The world file: the places shown from zoom 4 out, and the countries.
    expect(files['./labels/world.json']!.places.every((row) => row[3] <= 4)).toBe(true);
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
    expect(readLabels({ places: [[1, 2, 'A', 5, 42]] }).places.features[0]?.properties.rank).toBe(
      42,
    );
  });
});

describe('the label files a view needs (decision 028: fetch only what the view shows)', () => {
  const around = (lat: number, lon: number, zoom: number, half = 2) => ({
    west: lon - half,
    east: lon + half,
    south: lat - half / 2,
    north: lat + half / 2,
    zoom,
  });

  it('needs one cell around a pin at the initial zoom 8, and not the world file', () => {
    // London: 0.12°W 51.5°N is in the cell from 10°W..0° and 50°N..60°N.
    expect(labelFilesFor(around(51.5, -5, 8))).toEqual(['cell-17-14']);
  });

  it('needs the cells a view touches, across the antimeridian too', () => {
    expect(labelFilesFor(around(55, 0, 8))).toEqual(['cell-17-14', 'cell-18-14']);
    expect(labelFilesFor({ west: 178, east: 182, south: -18, north: -16, zoom: 8 })).toEqual([
      'cell-35-7',
      'cell-0-7',
    ]);
  });

  it('needs only the world file zoomed out, and both at zoom 5', () => {
    expect(labelFilesFor({ west: -180, east: 180, south: -85, north: 85, zoom: 2 })).toEqual([
      'world',
    ]);
    expect(labelFilesFor(around(51.5, -5, 5))).toEqual(['world', 'cell-17-14']);
  });

  it('keeps the files of the initial view small: a few KB instead of 400 KB for all', () => {
    for (const [lat, lon] of [
      [51.5, -0.12],
      [31.9, -102.1],
      [49.0, 8.4],
      [-23.5, 119.0],
    ] as const) {
      const bytes = labelFilesFor(around(lat, lon, 8, 1.6))
        .map((name) => JSON.stringify(files[`./labels/${name}.json`] ?? {}).length)
        .reduce((sum, size) => sum + size, 0);
      expect(bytes, `${lat}, ${lon}`).toBeLessThan(40_000);
    }
  });

  it('merges the files it loads, each place once, and loads nothing twice', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      const name = Object.keys(files).find((key) => url.includes(key.slice('./labels'.length)));
      return Promise.resolve(new Response(JSON.stringify(name ? files[name] : { places: [] })));
    });
    try {
      const load = labelLoader();
      const first = await load(around(51.5, -5, 8));
      expect(first?.places.features.map((f) => f.properties.name)).toContain('London');
      expect(await load(around(51.5, -5, 8.5))).toBeNull();
      const wider = await load(around(51.5, -5, 5));
      const ranks = wider!.places.features.map((f) => f.properties.rank);
      expect(new Set(ranks).size).toBe(ranks.length);
      expect(wider!.countries.features.length).toBeGreaterThan(100);
      expect(fetched).toHaveLength(2);
    } finally {
      vi.unstubAllGlobals();
    }
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

  it('draws the countries cheaply on software WebGL: simplified, the land without an outline pass', () => {
    const style = basemapStyle('light');
    expect(style.sources['countries']).toMatchObject({ type: 'geojson', tolerance: 2 });
    const land = style.layers.find((l) => l.id === 'land');
    expect(land?.paint).toMatchObject({ 'fill-antialias': false });
    // The borders layer draws the outlines instead.
    expect(style.layers.find((l) => l.id === 'borders')).toMatchObject({
      type: 'line',
      source: 'countries',
    });
  });
});
