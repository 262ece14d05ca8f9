import type * as maplibregl from 'maplibre-gl';
// NOTE: the labels draw with a bundled font through the style's `font-faces` (MapLibre 6): no
// glyph server, nothing from the internet. Characters outside these files fall back to the
// browser's local fonts.
import latin500 from '@fontsource/roboto/files/roboto-latin-500-normal.woff2?url';
import latin400 from '@fontsource/roboto/files/roboto-latin-400-normal.woff2?url';
import latinExt500 from '@fontsource/roboto/files/roboto-latin-ext-500-normal.woff2?url';
import latinExt400 from '@fontsource/roboto/files/roboto-latin-ext-400-normal.woff2?url';
import { graticule } from './basemap';

import { palettes, type Basemap } from './basemap-palette';

export type { Basemap };

const REGULAR = 'Roboto Regular';
const MEDIUM = 'Roboto Medium';
/** Unicode ranges of @fontsource/roboto's latin and latin-ext files (its CSS says the same). */
const LATIN = [
  'U+0000-00FF',
  'U+0131',
  'U+0152-0153',
  'U+02BB-02BC',
  'U+02C6',
  'U+02DA',
  'U+02DC',
  'U+0304',
  'U+0308',
  'U+0329',
  'U+2000-206F',
  'U+20AC',
  'U+2122',
  'U+2191',
  'U+2193',
  'U+2212',
  'U+2215',
  'U+FEFF',
  'U+FFFD',
];
const LATIN_EXT = [
  'U+0100-02BA',
  'U+02BD-02C5',
  'U+02C7-02CC',
  'U+02CE-02D7',
  'U+02DD-02FF',
  'U+1D00-1DBF',
  'U+1E00-1E9F',
  'U+1EF2-1EFF',
  'U+2020',
  'U+20A0-20AB',
  'U+20AD-20C0',
  'U+2113',
  'U+2C60-2C7F',
  'U+A720-A7FF',
];

const absolute = (url: string) => new URL(url, window.location.href).href;

function fontFaces(): maplibregl.FontFacesSpecification {
  const faces = (latin: string, latinExt: string) => [
    { url: absolute(latin), 'unicode-range': LATIN },
    { url: absolute(latinExt), 'unicode-range': LATIN_EXT },
  ];
  return { [REGULAR]: faces(latin400, latinExt400), [MEDIUM]: faces(latin500, latinExt500) };
}

const empty: maplibregl.GeoJSONSourceSpecification = {
  type: 'geojson',
  data: { type: 'FeatureCollection', features: [] },
};

/** Shows a label from the zoom its `z` property names (zoom in filters is the tile's zoom). */
const fromItsZoom: maplibregl.FilterSpecification = ['>=', ['zoom'], ['get', 'z']];

/** The source and layer ids, for the map to fill the sources once the data arrives. */
export const basemapSources = {
  countries: 'countries',
  places: 'places',
  countryLabels: 'country-labels',
} as const;

/**
 * The offline style: sea, land and borders from the bundled countries; a graticule; place names
 * thinned for each zoom (towns at 8, cities and countries further out); country names. The data
 * sources start empty and are filled when their assets arrive.
 */
export function basemapStyle(basemap: Basemap): maplibregl.StyleSpecification {
  const palette = palettes[basemap];
  const text = (color: string): NonNullable<maplibregl.SymbolLayerSpecification['paint']> => ({
    'text-color': color,
    'text-halo-color': palette.halo,
    'text-halo-width': 1.4,
  });
  return {
    version: 8,
    'font-faces': fontFaces(),
    sources: {
      // NOTE: the countries' outlines are most of what a frame draws. Simplified at 2 px of the
      // tile instead of MapLibre's 0.375 (and the land without an antialiased outline: the
      // borders layer draws it), a pan on software WebGL held the main thread 0.7-1.9 s in a
      // 2 s drag instead of 10.5 s (docs/performance.md, session 16).
      [basemapSources.countries]: { ...empty, tolerance: 2 },
      [basemapSources.places]: empty,
      [basemapSources.countryLabels]: empty,
      graticule: { type: 'geojson', data: graticule() },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': palette.sea } },
      {
        id: 'land',
        type: 'fill',
        source: basemapSources.countries,
        paint: { 'fill-color': palette.land, 'fill-antialias': false },
      },
      {
        id: 'borders',
        type: 'line',
        source: basemapSources.countries,
        paint: { 'line-color': palette.borders, 'line-width': 0.8 },
      },
      {
        id: 'graticule',
        type: 'line',
        source: 'graticule',
        // 10-degree lines out to zoom 5, 5 from zoom 5, every degree from zoom 6.
        filter: ['>=', ['get', 'step'], ['step', ['zoom'], 10, 5, 5, 6, 1]],
        // Over the land too, faintly: at zoom 8 the lines say where the pin is.
        paint: { 'line-color': palette.graticule, 'line-width': 0.6, 'line-opacity': 0.8 },
      },
      {
        id: 'graticule-labels',
        type: 'symbol',
        source: 'graticule',
        filter: ['>=', ['get', 'step'], ['step', ['zoom'], 10, 5, 5, 6, 1]],
        layout: {
          'symbol-placement': 'line',
          'symbol-spacing': 320,
          'text-field': ['get', 'label'],
          'text-font': [REGULAR],
          'text-size': 10,
        },
        paint: text(palette.graticuleText),
      },
      {
        // Out to zoom 6, one label a country at its visual centre.
        id: 'country-labels',
        type: 'symbol',
        source: basemapSources.countryLabels,
        maxzoom: 6,
        filter: fromItsZoom,
        layout: {
          'text-field': ['get', 'name'],
          'text-font': [MEDIUM],
          'text-size': 11,
          'text-transform': 'uppercase',
          'text-letter-spacing': 0.08,
          'text-max-width': 8,
          'symbol-sort-key': ['get', 'rank'],
        },
        paint: text(palette.country),
      },
      {
        // Closer in, the country's name in every tile it covers, so the view shows it.
        id: 'country-names',
        type: 'symbol',
        source: basemapSources.countries,
        minzoom: 6,
        layout: {
          'text-field': ['get', 'name'],
          'text-font': [MEDIUM],
          'text-size': 11,
          'text-transform': 'uppercase',
          'text-letter-spacing': 0.08,
          'text-max-width': 8,
        },
        paint: text(palette.country),
      },
      // Places last: the map places the top layers first, so a town wins over a country name.
      {
        id: 'place-dots',
        type: 'circle',
        source: basemapSources.places,
        filter: fromItsZoom,
        paint: {
          'circle-radius': 2.5,
          'circle-color': palette.place,
          'circle-stroke-color': palette.halo,
          'circle-stroke-width': 1,
        },
      },
      {
        id: 'place-labels',
        type: 'symbol',
        source: basemapSources.places,
        filter: fromItsZoom,
        layout: {
          'text-field': ['get', 'name'],
          'text-font': [REGULAR],
          // Cities that show from far out are written larger than the towns of zoom 8.
          'text-size': ['interpolate', ['linear'], ['get', 'z'], 2, 14, 8, 11.5],
          'text-variable-anchor': ['left', 'right', 'top', 'bottom'],
          'text-radial-offset': 0.5,
          'text-justify': 'auto',
          'text-max-width': 9,
          'symbol-sort-key': ['get', 'rank'],
        },
        paint: text(palette.place),
      },
    ],
  };
}

/** Recolours a drawn map when the colour scheme changes (the map itself stays). */
export function recolour(map: maplibregl.Map, basemap: Basemap): void {
  const palette = palettes[basemap];
  const set = (
    layer: string,
    property: Parameters<maplibregl.Map['setPaintProperty']>[1],
    value: string,
  ) => map.setPaintProperty(layer, property, value);
  set('sea', 'background-color', palette.sea);
  set('land', 'fill-color', palette.land);
  set('borders', 'line-color', palette.borders);
  set('graticule', 'line-color', palette.graticule);
  set('place-dots', 'circle-color', palette.place);
  set('place-dots', 'circle-stroke-color', palette.halo);
  for (const [layer, color] of [
    ['graticule-labels', palette.graticuleText],
    ['place-labels', palette.place],
    ['country-labels', palette.country],
    ['country-names', palette.country],
  ] as const) {
    set(layer, 'text-color', color);
    set(layer, 'text-halo-color', palette.halo);
  }
}
