import { endpoint } from '../http/endpoint.js';
import { telemetryBatchSchema, telemetryResultSchema } from '../telemetry/telemetry.js';

/** Reports from terminal feeds. */
export const telemetryEndpoints = {
  reports: endpoint({
    method: 'POST',
    path: '/v2/telemetry/reports',
    tags: ['telemetry'],
    summary: 'Status, position, software, usage and metric reports from terminals',
    access: { kind: 'permission', permission: 'telemetry.ingest', check: 'route' },
    body: telemetryBatchSchema,
    responses: { 200: telemetryResultSchema },
  }),
} as const;
