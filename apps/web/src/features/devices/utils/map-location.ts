import type { Device } from '@aerie/contract';

/** Initial zoom of the device map and the zoom of "zoom in" (spec 001 §9). */
export const MAP_INITIAL_ZOOM = 8;
export const MAP_ZOOM_IN = 16;
/** Pin colours (spec 001 §2): online and offline. */
/**
 * How long the page must have been quiet before a map starts: its chunk and its WebGL context
 * are long tasks (hundreds of ms where WebGL is software-rendered), kept off the page's load.
 */
export const MAP_AFTER_QUIET_MS = 2_500;

export const MAP_ONLINE_COLOR = '#65BD81';
export const MAP_OFFLINE_COLOR = '#FF5959';

export type MapLocation =
  | { kind: 'missing' }
  | { kind: 'nullIsland' }
  | { kind: 'located'; latitude: number; longitude: number };

/** Where the device is, or why it cannot be shown (spec 001 §2 map messages). */
export function mapLocation(location: Device['location']): MapLocation {
  const c = location.coordinates;
  if (!c || !Number.isFinite(c.latitude) || !Number.isFinite(c.longitude))
    return { kind: 'missing' };
  if (c.latitude === 0 && c.longitude === 0) return { kind: 'nullIsland' };
  return { kind: 'located', latitude: c.latitude, longitude: c.longitude };
}

/** The pin is green when the device is online on either network, red otherwise. */
export function pinColor(
  status: Pick<Device['networkStatus'], 'satelliteOnline' | 'cellularOnline'>,
): string {
  return status.satelliteOnline === true || status.cellularOnline === true
    ? MAP_ONLINE_COLOR
    : MAP_OFFLINE_COLOR;
}

let webgl: boolean | undefined;

/** Whether this browser can draw a WebGL map (else 'Map not available.'). */
export function webglAvailable(): boolean {
  if (typeof document === 'undefined') return false;
  // Once per page: creating a context to ask is not free.
  if (webgl !== undefined) return webgl;
  try {
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    webgl = Boolean(context);
    // The question's context is given back at once (browsers allow only a few at a time).
    context?.getExtension('WEBGL_lose_context')?.loseContext();
  } catch {
    webgl = false;
  }
  return webgl;
}
