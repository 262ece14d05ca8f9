import { metricRequestSchema, metricResponseSchema } from '../metrics/metrics.js';
import { endpoint } from '../http/endpoint.js';

/** Device metrics for the charts. */
export const metricsEndpoints = {
  query: endpoint({
    method: 'POST',
    path: '/v2/devices/metrics',
    tags: ['devices'],
    summary: 'Metric samples of devices in a time range, downsampled for charts',
    access: { kind: 'permission', permission: 'devices.view', check: 'object' },
    body: metricRequestSchema,
    responses: { 200: metricResponseSchema },
  }),
} as const;
