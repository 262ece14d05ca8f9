import { FEED_LIMITS, feedEndpoints, type TelemetryEvent } from '@aerie/contract';
import { callApi } from '../../../lib/api-client';

/** `POST /v2/feed/telemetry`: JSON of events, userAgent and locale; only ok or not is used. */
export async function uploadTelemetry(events: TelemetryEvent[]): Promise<boolean> {
  try {
    await callApi(
      feedEndpoints.uploadTelemetry,
      {
        body: {
          events,
          userAgent: navigator.userAgent.slice(0, FEED_LIMITS.userAgent),
          locale: (navigator.language || 'en').slice(0, 35),
        },
      },
      { quiet: true },
    );
    return true;
  } catch {
    return false;
  }
}
