import { describe, expect, it } from 'vitest';
import { diagnosticFileListSchema, diagnosticOverviewSchema } from '@aerie/contract';
import { processed } from '../test/diagnostic-bundles.js';
import { useApiContext } from '../test/test-app.js';
import { seedDemoDiagnostics, type DemoBundlePlan } from './seed-diagnostics.js';

const api = useApiContext();

const small: DemoBundlePlan[] = [
  { trackingHours: 0.1, logLines: 2_000, bistFailures: 0, postRuns: 11, daysAgo: 1 },
  {
    trackingHours: 0.1,
    logLines: 2_000,
    bistFailures: 2,
    postRuns: 3,
    daysAgo: 2,
    differs: 'modem',
  },
];

const seed = () =>
  seedDemoDiagnostics({
    pool: api.ctx.database.pool,
    diagnostics: api.ctx.app.services.diagnostics,
    count: 4,
    plans: small,
    seed: 7,
    now: new Date('2026-11-27T10:00:00.500Z'),
    log: { info: () => {} },
  });

describe('demo diagnostic bundles', () => {
  it('stores bundles of demo devices at the first start, processed like uploads, and none again', async () => {
    expect(await seed()).toBe(2);
    const rows = await api.rows<{ antennaSerial: string; fileName: string }>(
      `select antenna_serial as "antennaSerial", file_name as "fileName"
         from diagnostic_files order by file_name`,
    );
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.antennaSerial)).size).toBe(2);
    for (const row of rows) {
      // The name carries the time to the second, a day or two before the start.
      expect(row.fileName).toMatch(/^.+_2026112(5|6)100000\.kdp$/);
      const done = await processed(api, row.antennaSerial, row.fileName);
      expect(done.status, done.statusMessage ?? '').toBe('Ready');
      const list = await api.call(
        'salesSupport',
        'GET',
        `/v2/storage/diagnostics/${row.antennaSerial}/items`,
      );
      expect(diagnosticFileListSchema.parse(list.json()).items.map((f) => f.fileName)).toEqual([
        row.fileName,
      ]);
    }
    // The bundles report what the portal has for their devices, but for the swapped modem.
    const differing = [];
    for (const row of rows) {
      const overview = await api.call('salesSupport', 'GET', '/v1/diagnostics/reports/overview', {
        query: {
          antennaSerial: row.antennaSerial,
          relativePath: `${row.antennaSerial}/${row.fileName}`,
        },
      });
      const { comparison } = diagnosticOverviewSchema.parse(overview.json());
      expect(comparison.length).toBeGreaterThan(2);
      differing.push(comparison.filter((c) => c.differs).map((c) => c.field));
    }
    // One matches the portal in every compared value, the other differs in its modem only.
    expect(differing.sort((a, b) => a.length - b.length)).toEqual([[], ['GeoModem serial']]);
    // A data directory that has diagnostic files keeps them as they are.
    expect(await seed()).toBe(0);
    expect(await api.rows('select 1 from diagnostic_files')).toHaveLength(2);
  });
});
