import type { FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// NOTE: the countries ship with the app as an asset (Natural Earth 1:50m via world-atlas):
// the map never loads tiles or anything else from the internet.
import countriesUrl from 'world-atlas/countries-50m.json?url';
import { withContinuousLongitudes } from '../../utils/antimeridian';

let countries: Promise<FeatureCollection> | null = null;

/** The offline basemap's countries as GeoJSON, loaded once per page. */
export function loadCountries(): Promise<FeatureCollection> {
  countries ??= fetch(countriesUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`basemap: ${response.status}`);
      return response.json() as Promise<Topology<{ countries: GeometryCollection }>>;
    })
    .then((topology) => {
      const collection = feature(topology, topology.objects.countries);
      return withContinuousLongitudes(collection);
    })
    .catch((error: unknown) => {
      countries = null;
      throw error;
    });
  return countries;
}
