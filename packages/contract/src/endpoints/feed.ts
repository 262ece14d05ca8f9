import { endpoint } from '../http/endpoint.js';
import {
  acceptedSchema,
  errorReportSchema,
  feedbackPageSchema,
  feedbackRequestSchema,
  pagingQuerySchema,
  telemetryUploadSchema,
} from '../feed/feed.js';

/** Feedback, browser telemetry and error reports (spec 000 §3, §8). */
export const feedEndpoints = {
  submitFeedback: endpoint({
    method: 'POST',
    path: '/v2/feed/feedback',
    tags: ['feed'],
    summary: 'Submit feedback',
    access: { kind: 'signedIn' },
    body: feedbackRequestSchema,
    responses: { 201: acceptedSchema },
  }),
  listFeedback: endpoint({
    method: 'GET',
    path: '/v2/feed/feedback',
    tags: ['feed'],
    summary: 'Read feedback, newest first (provider staff)',
    access: { kind: 'permission', permission: 'feedback.view', check: 'route' },
    query: pagingQuerySchema,
    responses: { 200: feedbackPageSchema },
  }),
  uploadTelemetry: endpoint({
    method: 'POST',
    path: '/v2/feed/telemetry',
    tags: ['feed'],
    summary: 'Upload buffered telemetry events',
    access: { kind: 'signedIn' },
    body: telemetryUploadSchema,
    responses: { 200: acceptedSchema },
  }),
  reportError: endpoint({
    method: 'POST',
    path: '/v2/feed/errors',
    tags: ['feed'],
    summary: 'Report an unexpected error seen in the browser',
    access: { kind: 'signedIn' },
    body: errorReportSchema,
    responses: { 201: acceptedSchema },
  }),
} as const;
