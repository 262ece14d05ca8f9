/** The basemap's colours (the WebGL map's style and the fleet map's first view share them). */

export type Basemap = 'light' | 'dark';

interface Palette {
  sea: string;
  land: string;
  borders: string;
  graticule: string;
  graticuleText: string;
  place: string;
  country: string;
  halo: string;
}

/** The basemap's colours in each colour scheme. */
export const palettes: Record<Basemap, Palette> = {
  light: {
    sea: '#cde4ec',
    land: '#f4f1e8',
    borders: '#9aa9ad',
    graticule: '#a9c6d1',
    graticuleText: '#4d6b78',
    place: '#2b3034',
    country: '#5c5247',
    halo: '#ffffff',
  },
  dark: {
    sea: '#14232b',
    land: '#343a40',
    borders: '#6b7780',
    graticule: '#2b4552',
    graticuleText: '#9db8c4',
    place: '#e9ecef',
    country: '#ced4da',
    halo: '#14191d',
  },
};
