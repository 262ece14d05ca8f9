import { z } from 'zod';
import { endpoint } from '../http/endpoint.js';
import {
  zoneIdParamsSchema,
  zoneListQuerySchema,
  zoneListSchema,
  zoneSchema,
  zoneWriteSchema,
} from '../zones/zones.js';

/**
 * Zones (spec 001 §3; docs/decisions/012-zones-and-jobs.md): fleet configuration, read with the
 * device list and written by who configures devices. A zone (or the account a zone is written
 * to) is found within the caller's accounts before the role is checked: 404, then 403.
 */
const list = { kind: 'permission', permission: 'devices.view', check: 'route' } as const;
const read = { kind: 'permission', permission: 'devices.view', check: 'object' } as const;
const write = { kind: 'permission', permission: 'devices.configure', check: 'object' } as const;

export const zonesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v2/zones',
    tags: ['zones'],
    summary: "A page of the caller's zones by name, optionally of one account",
    access: list,
    query: zoneListQuerySchema,
    responses: { 200: zoneListSchema },
  }),
  get: endpoint({
    method: 'GET',
    path: '/v2/zones/{id}',
    tags: ['zones'],
    summary: 'One zone with its polygon',
    access: read,
    params: zoneIdParamsSchema,
    responses: { 200: zoneSchema },
  }),
  create: endpoint({
    method: 'POST',
    path: '/v2/zones',
    tags: ['zones'],
    summary: "Create a zone (in the caller's own account unless accountId is given)",
    access: write,
    body: zoneWriteSchema,
    responses: { 201: zoneSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/v2/zones/{id}',
    tags: ['zones'],
    summary: "Replace a zone's name and polygon, or move it to another account",
    access: write,
    params: zoneIdParamsSchema,
    body: zoneWriteSchema,
    responses: { 200: zoneSchema },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/v2/zones/{id}',
    tags: ['zones'],
    summary: 'Delete a zone',
    access: write,
    params: zoneIdParamsSchema,
    responses: { 204: z.null() },
  }),
} as const;
