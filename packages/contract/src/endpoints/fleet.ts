import {
  fleetClustersQuerySchema,
  fleetClustersSchema,
  fleetMapSchema,
  fleetSummarySchema,
} from '../devices/fleet.js';
import { endpoint } from '../http/endpoint.js';

/**
 * The home page's view of the fleet (issue 15, decision 029): paths under /v2/devices, declared
 * apart from the devices table so /home's chunk carries only these two schemas.
 */
export const fleetEndpoints = {
  summary: endpoint({
    method: 'GET',
    path: '/v2/devices/fleetSummary',
    tags: ['devices'],
    summary:
      "The caller's devices online, offline and in total, and how many need attention (offline over 24 h, sync pending or blocked, last hub job failed)",
    access: { kind: 'permission', permission: 'devices.view', check: 'route' },
    responses: { 200: fleetSummarySchema },
  }),
  map: endpoint({
    method: 'GET',
    path: '/v2/devices/map',
    tags: ['devices'],
    summary:
      "Every device of the caller's accounts the fleet map shows, as [id, longitude, latitude, online]",
    description:
      'Devices that are not private and have coordinates and a network status (spec 002 §5). ' +
      'online is 1 when the satellite or cellular link is online, else 0.',
    access: { kind: 'permission', permission: 'devices.view', check: 'route' },
    responses: { 200: fleetMapSchema },
  }),
  clusters: endpoint({
    method: 'GET',
    path: '/v2/devices/map/clusters',
    tags: ['devices'],
    summary: "The fleet map's devices in a view, clustered on the server",
    description:
      'The devices of GET /v2/devices/map inside the box at this zoom, clustered as the spec ' +
      'says (max zoom 14, radius 50 px of a 512 px tile): clusters as [longitude, latitude, ' +
      'devices, offline, expansion zoom, id], single devices as [id, longitude, latitude, ' +
      'online]. With onlineOnly=true only devices whose satellite or cellular link is online.',
    query: fleetClustersQuerySchema,
    access: { kind: 'permission', permission: 'devices.view', check: 'route' },
    responses: { 200: fleetClustersSchema },
  }),
} as const;
