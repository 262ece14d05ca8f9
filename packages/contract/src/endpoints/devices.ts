import { deviceIdParamsSchema, deviceNameUpdateSchema, deviceSchema } from '../devices/device.js';
import {
  deviceListQuerySchema,
  deviceListSchema,
  deviceSummaryQuerySchema,
  deviceSummarySchema,
} from '../devices/device-list.js';
import { deviceUsageQuerySchema, deviceUsageSchema } from '../devices/usage.js';
import { endpoint } from '../http/endpoint.js';

/** Devices: the list, one device, its name and its usage (spec 001 §7). */
export const devicesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v2/devices',
    tags: ['devices'],
    summary: "A page of the caller's devices",
    access: { kind: 'permission', permission: 'devices.view', check: 'route' },
    query: deviceListQuerySchema,
    responses: { 200: deviceListSchema },
  }),
  summary: endpoint({
    method: 'GET',
    path: '/v2/devices/summary',
    tags: ['devices'],
    summary: "How many of the caller's devices match the list's filters: online, offline, total",
    access: { kind: 'permission', permission: 'devices.view', check: 'route' },
    query: deviceSummaryQuerySchema,
    responses: { 200: deviceSummarySchema },
  }),
  get: endpoint({
    method: 'GET',
    path: '/v2/devices/{id}',
    tags: ['devices'],
    summary: 'One device with its components, network status, software and subscription',
    access: { kind: 'permission', permission: 'devices.view', check: 'object' },
    params: deviceIdParamsSchema,
    responses: { 200: deviceSchema },
  }),
  rename: endpoint({
    method: 'PUT',
    path: '/v2/devices/{id}',
    tags: ['devices'],
    summary: 'Rename a device; answers the device',
    access: { kind: 'permission', permission: 'devices.rename', check: 'object' },
    params: deviceIdParamsSchema,
    body: deviceNameUpdateSchema,
    responses: { 200: deviceSchema },
  }),
  usage: endpoint({
    method: 'GET',
    path: '/v2/devices/{id}/usage',
    tags: ['devices'],
    summary: 'Daily satellite and cellular usage of a device in a calendar month',
    access: { kind: 'permission', permission: 'devices.view', check: 'object' },
    params: deviceIdParamsSchema,
    query: deviceUsageQuerySchema,
    responses: { 200: deviceUsageSchema },
  }),
} as const;
