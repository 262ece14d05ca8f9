import { endpoint } from '../http/endpoint.js';
import {
  cacheClearedSchema,
  cacheKindParamsSchema,
  healthSchema,
  maintenanceSchema,
  setMaintenanceSchema,
  statusSchema,
} from '../health/health.js';

/**
 * Liveness, the service map, maintenance mode and cache clears: the portal's own health and
 * upkeep (spec 000 §4, §7; 001 §7).
 */
export const healthEndpoints = {
  status: endpoint({
    method: 'GET',
    path: '/status',
    tags: ['health'],
    summary: 'Liveness of this server process: its version and uptime',
    access: { kind: 'public' },
    responses: { 200: statusSchema },
  }),
  services: endpoint({
    method: 'GET',
    path: '/health',
    tags: ['health'],
    summary: 'Service map (Super User and provider Admin)',
    access: { kind: 'permission', permission: 'health.view', check: 'route' },
    responses: { 200: healthSchema },
  }),
  maintenance: endpoint({
    method: 'GET',
    path: '/health/maintenance',
    tags: ['health'],
    summary: 'Whether maintenance mode is on (then also the header x-maintenance-mode: on)',
    access: { kind: 'public' },
    responses: { 200: maintenanceSchema },
  }),
  setMaintenance: endpoint({
    method: 'PUT',
    path: '/health/maintenance',
    tags: ['health'],
    summary: 'Switch maintenance mode on or off',
    access: { kind: 'permission', permission: 'maintenance.manage', check: 'route' },
    body: setMaintenanceSchema,
    responses: { 200: maintenanceSchema },
  }),
  /** Staff upkeep (spec 000 §4, "Cache clears"); its OpenAPI tag stays `admin`. */
  clearCache: endpoint({
    method: 'POST',
    path: '/v2/admin/cache/{kind}',
    tags: ['admin'],
    summary: 'Clear a cache on every instance (Super User and provider Admin)',
    access: { kind: 'permission', permission: 'cache.clear', check: 'route' },
    params: cacheKindParamsSchema,
    responses: { 200: cacheClearedSchema },
  }),
} as const;
