import { api, type TelemetryResult, type TerminalReport } from '@aerie/contract';
import type { Principal } from '../../plugins/auth.js';
import type { Authorize } from '../../plugins/authorization.js';
import type {
  DeviceStateUpdate,
  MetricAppend,
  TelemetryRepository,
  UsageAlertKey,
  UsageIncrement,
} from './telemetry.repository.js';
import { usageAlertsReached } from './usage-alerts.js';

const DAY_MS = 86_400_000;

/**
 * Ingestion of what terminals report: the one write path for live fleet data,
 * used by `POST /v2/telemetry/reports` and by the fleet simulator alike.
 * Reports name devices by serial; a report for an unknown serial or metric is
 * rejected on its own, the rest of the batch is applied in one transaction, which
 * also records the usage alerts its usage reached (docs/decisions/038-usage-alerts.md).
 */
export function createIngestionService(
  repo: TelemetryRepository,
  authorize: Authorize,
  /** The `provider/metric` pairs reports may carry (cached by the caller, with a TTL). */
  knownMetrics: () => Promise<Set<string>> = () => repo.metricTypes(),
  /** Told, after the commit, of the usage alerts a batch recorded (to queue their notifying). */
  alertsRecorded: (alerts: UsageAlertKey[]) => Promise<void> = async () => {},
) {
  const service = {
    /** `POST /v2/telemetry/reports`: a terminal feed's batch, sent by a Super User's API client. */
    async report(
      principal: Principal,
      reports: readonly TerminalReport[],
    ): Promise<TelemetryResult> {
      // NOTE: telemetry.ingest is a staff permission, so the scope is every account.
      await authorize(principal, api.telemetry.reports.access);
      return service.ingest(reports);
    },

    /** The write path itself, also taken by the fleet simulator (no caller to authorize). */
    async ingest(reports: readonly TerminalReport[]): Promise<TelemetryResult> {
      const ids = await repo.deviceIdsBySerial([...new Set(reports.map((r) => r.serial))]);
      const metrics = await knownMetrics();
      const rejected: TelemetryResult['rejected'] = [];
      const newest = new Map<string, { at: number; report: TerminalReport }>();
      const usage: UsageIncrement[] = [];
      const series = new Map<string, MetricAppend>();

      reports.forEach((report, index) => {
        const id = ids.get(report.serial);
        if (!id) {
          rejected.push({ index, message: `No device has the serial ${report.serial}.` });
          return;
        }
        const unknown = (report.metrics ?? []).find(
          (m) => !metrics.has(`${m.provider}/${m.metric}`),
        );
        if (unknown) {
          rejected.push({
            index,
            message: `Unknown metric ${unknown.metric} for provider ${unknown.provider}.`,
          });
          return;
        }
        const at = Date.parse(report.reportedAt);
        const previous = newest.get(id);
        if (!previous || previous.at <= at) newest.set(id, { at, report });
        if (report.usage && report.usage.satelliteBytes + report.usage.cellularBytes > 0) {
          usage.push({
            id,
            day: report.reportedAt.slice(0, 10),
            sb: report.usage.satelliteBytes,
            cb: report.usage.cellularBytes,
          });
        }
        for (const m of report.metrics ?? []) {
          for (const sample of m.samples) {
            const t = Date.parse(sample.timestamp);
            const day = new Date(t - (t % DAY_MS)).toISOString().slice(0, 10);
            const key = `${id}/${m.provider}/${m.metric}/${day}`;
            let row = series.get(key);
            if (!row) {
              row = { id, p: m.provider, m: m.metric, day, s: [], v: [] };
              series.set(key, row);
            }
            row.s.push(Math.floor((t % DAY_MS) / 1000));
            row.v.push(sample.value);
          }
        }
      });

      const states: DeviceStateUpdate[] = [...newest].map(([id, { report }]) => ({
        id,
        t: report.reportedAt,
        s: report.status ?? {},
        lat: report.location?.latitude ?? null,
        lon: report.location?.longitude ?? null,
        loc_source: report.location?.source ?? null,
        sw: report.software?.currentVersion ?? null,
      }));
      const now = new Date();
      const alerts = await repo.apply(
        states,
        usage,
        [...series.values()].map(sortSamples),
        (months) => usageAlertsReached(months, now),
      );
      if (alerts.length) await alertsRecorded(alerts);
      return { accepted: reports.length - rejected.length, rejected };
    },
  };
  return service;
}
export type IngestionService = ReturnType<typeof createIngestionService>;

/** Orders one day's samples by time (the merge in SQL expects each side sorted). */
function sortSamples(row: MetricAppend): MetricAppend {
  const order = row.s.map((_, i) => i).sort((a, b) => row.s[a]! - row.s[b]!);
  return { ...row, s: order.map((i) => row.s[i]!), v: order.map((i) => row.v[i]!) };
}
