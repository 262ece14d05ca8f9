import { describe, expect, it } from 'vitest';
import { buildNetworkStatus } from '../../../test/fixtures';
import { lastReport } from './device-widget';

const status = (satellite: string | null, cellular: string | null) => ({
  networkStatus: buildNetworkStatus({
    satelliteLastUpdated: satellite,
    cellularLastUpdated: cellular,
  }),
});

describe("a pinned device's last report", () => {
  it('is the later report of the two networks', () => {
    expect(lastReport(status('2026-11-20T10:00:00Z', '2026-11-21T09:00:00Z'))).toBe(
      '2026-11-21T09:00:00Z',
    );
    expect(lastReport(status('2026-11-22T10:00:00Z', null))).toBe('2026-11-22T10:00:00Z');
  });

  it('is none when neither network ever reported (no time, or the epoch)', () => {
    expect(lastReport(status(null, null))).toBeNull();
    expect(lastReport(status('1970-01-01T00:00:00Z', null))).toBeNull();
  });
});
