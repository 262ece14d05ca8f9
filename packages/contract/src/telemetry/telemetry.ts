import { z } from 'zod';

export const TELEMETRY_MAX_REPORTS = 500;
export const TELEMETRY_MAX_SAMPLES = 5000;

const isoDate = z.iso.datetime({ offset: true, message: 'Dates are ISO dates with a time zone.' });
const shortcode = z.string().regex(/^[A-Z][A-Z0-9_]{1,63}$/, 'Shortcodes are like MT_SINR.');
const bytes = z.number().int().min(0).max(1e13);

/**
 * What a terminal (or the feed gateway in front of it) reports: any subset of
 * status, position, software check-in, usage since the last report and metric
 * samples. The device is named by its serial, which the terminal knows.
 */
export const terminalReportSchema = z.object({
  serial: z.string().trim().min(1).max(64),
  reportedAt: isoDate,
  status: z
    .object({
      satelliteOnline: z.boolean().nullable().optional(),
      cellularOnline: z.boolean().nullable().optional(),
      /** Satellite image strength in dB. */
      satelliteSignal: z.number().min(-50).max(50).nullable().optional(),
      /** Cellular signal in dB. */
      cellularSignal: z.number().min(-150).max(50).nullable().optional(),
      wifi: z.boolean().nullable().optional(),
      /** Display name of the beam the terminal is on. */
      beam: z.string().max(120).nullable().optional(),
    })
    .optional(),
  location: z
    .object({
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      source: z.enum(['satellite', 'cellular']),
    })
    .optional(),
  software: z.object({ currentVersion: z.string().trim().min(1).max(40) }).optional(),
  /** Bytes used since the previous report, counted on the day of `reportedAt` (UTC). */
  usage: z.object({ satelliteBytes: bytes, cellularBytes: bytes }).optional(),
  metrics: z
    .array(
      z.object({
        provider: shortcode,
        metric: shortcode,
        samples: z
          .array(z.object({ timestamp: isoDate, value: z.number() }))
          .min(1)
          .max(TELEMETRY_MAX_SAMPLES),
      }),
    )
    .max(50)
    .optional(),
});
export type TerminalReport = z.infer<typeof terminalReportSchema>;

/** `POST /v2/telemetry/reports`. */
export const telemetryBatchSchema = z.object({
  reports: z
    .array(terminalReportSchema)
    .min(1, 'Send at least one report.')
    .max(TELEMETRY_MAX_REPORTS, `At most ${TELEMETRY_MAX_REPORTS} reports at once.`),
});
export type TelemetryBatch = z.infer<typeof telemetryBatchSchema>;

/** Which reports were applied; a rejected report does not stop the others. */
export const telemetryResultSchema = z.object({
  accepted: z.number().int().min(0),
  rejected: z.array(z.object({ index: z.number().int().min(0), message: z.string() })),
});
export type TelemetryResult = z.infer<typeof telemetryResultSchema>;
