import type { GeoJSON } from 'geojson';
import type * as maplibregl from 'maplibre-gl';
import { labelLoader, loadCountries } from './basemap';
import { basemapSources } from './basemap-style';

/**
 * Fills a loaded map's basemap sources: the countries, and the place and country labels of
 * what the view shows (the label files it needs, more as it moves). Without them the map still
 * works: each asset fills its source when it arrives. `cancelled` is true once the map is gone.
 */
export function fillBasemap(
  map: maplibregl.Map,
  cancelled: () => boolean,
  onCountries: () => void = () => undefined,
): void {
  const fill = (id: string, data: GeoJSON) => {
    if (!cancelled()) void map.getSource<maplibregl.GeoJSONSource>(id)?.setData(data);
  };
  loadCountries()
    .then((countries) => fill(basemapSources.countries, countries))
    .catch(() => undefined)
    .finally(onCountries);
  const labelsFor = labelLoader();
  const showLabels = () => {
    const bounds = map.getBounds();
    labelsFor({
      west: bounds.getWest(),
      south: bounds.getSouth(),
      east: bounds.getEast(),
      north: bounds.getNorth(),
      zoom: map.getZoom(),
    })
      .then((labels) => {
        if (!labels) return;
        fill(basemapSources.places, labels.places);
        fill(basemapSources.countryLabels, labels.countries);
      })
      .catch(() => undefined);
  };
  showLabels();
  map.on('moveend', showLabels);
}
