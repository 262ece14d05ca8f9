import { z } from 'zod';
import {
  deviceCommandBodySchema,
  deviceCommandParamsSchema,
  deviceCommandPermissions,
  deviceCommandResultSchema,
} from '../device-operations/commands.js';
import { deviceIdParamsSchema } from '../devices/device.js';
import { endpoint } from '../http/endpoint.js';

/** Device commands and deletion (spec 001 §7; docs/decisions/016-device-operations.md). */
export const deviceOperationsEndpoints = {
  command: endpoint({
    method: 'POST',
    path: '/v2/devices/{id}/command/{cmd}',
    tags: ['devices'],
    summary: 'Run a device command: hub commands queue a job (202), the others apply at once (200)',
    access: {
      kind: 'rule',
      rule: 'deviceCommandPermissions in device-operations/commands.ts',
      permissions: [...new Set(Object.values(deviceCommandPermissions))],
    },
    params: deviceCommandParamsSchema,
    body: deviceCommandBodySchema,
    responses: { 200: deviceCommandResultSchema, 202: deviceCommandResultSchema },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/v2/devices/{id}',
    tags: ['devices'],
    summary: 'Delete a device (Super User): removed from the hub, kept as deleted',
    access: { kind: 'permission', permission: 'devices.delete', check: 'object' },
    params: deviceIdParamsSchema,
    responses: { 204: z.null() },
  }),
} as const;
