import type { AimTrackingReport } from '@aerie/contract';
import { aimTrackingFields } from '@aerie/contract';
import { describe, expect, it } from 'vitest';
import { bandOf, polarOption, SINR_BANDS, zoneOutline } from './polar-option';
import { parsePickerUtc, toPickerUtc } from './utc-time';

const palette = { text: '#000', dimmed: '#555', border: '#ddd', background: '#fff' };

function report(points: { theta: number; phi: number; sinr: number | null; mute: number }[]) {
  const values = Object.fromEntries(
    aimTrackingFields.map((f) => [f, points.map(() => null)]),
  ) as AimTrackingReport['points']['values'];
  values.theta = points.map((p) => p.theta);
  values.phi = points.map((p) => p.phi);
  values.averageSinr = points.map((p) => p.sinr);
  values.muteFlags = points.map((p) => p.mute);
  return {
    timeRange: null,
    range: null,
    fields: [],
    series: { sinr: true, noSinr: true, muted: true },
    points: { timestamp: points.map((_, i) => i * 1000), values },
    blockageZones: [{ azimuthStart: 350, azimuthEnd: 10, elevationStart: 20, elevationEnd: 40 }],
    downsampling: { downsampled: false, sourcePoints: 3, points: 3, targetPoints: 1000 },
    skippedRows: 0,
    problems: [],
  } satisfies AimTrackingReport;
}

describe('the sky plot', () => {
  it('colours SINR in eight bands from -20 to 20 dB, the ends open', () => {
    expect(SINR_BANDS).toHaveLength(8);
    expect(SINR_BANDS[0]).toMatchObject({ from: null, to: -15 });
    expect(SINR_BANDS[7]).toMatchObject({ from: 15, to: null });
    expect([bandOf(-40), bandOf(-15), bandOf(-0.1), bandOf(0), bandOf(19.9), bandOf(55)]).toEqual([
      0, 1, 3, 4, 7, 7,
    ]);
  });

  it('puts each record in its band, the ones without SINR apart, and rings the muted ones', () => {
    const option = polarOption(
      report([
        { theta: 30, phi: 100, sinr: 12, mute: 0 },
        { theta: 31, phi: -20, sinr: null, mute: 0 },
        { theta: 32, phi: 120, sinr: -18, mute: 4 },
      ]),
      palette,
      6,
    );
    const series = option.series as { name: string; data: unknown[] }[];
    const byName = (n: string) => series.filter((s) => s.name === n).flatMap((s) => s.data);
    expect(byName('SINR 10 to 15 dB')).toEqual([[30, 100, 0, 0]]);
    expect(byName('No SINR')).toEqual([[31, 340, 1000, 1]]);
    expect(byName('SINR < -15 dB')).toEqual([[32, 120, 2000, 2]]);
    expect(byName('Mute flag')).toEqual([[32, 120, 2000, 2]]);
    expect(byName('Blockage zone').length).toBeGreaterThan(4);
  });

  it('labels the radius 0 to 90 as the elevation, 90 minus the value', () => {
    const option = polarOption(report([]), palette, 6);
    const axis = option.radiusAxis as {
      min: number;
      max: number;
      z: number;
      axisLabel: { formatter: (v: number) => string; backgroundColor: string };
    };
    expect([axis.min, axis.max]).toEqual([0, 90]);
    // Readable where the points are: over every series, on the page's colour.
    const series = option.series as { z?: number }[];
    expect(series.every((s) => (s.z ?? 2) < axis.z)).toBe(true);
    expect(axis.axisLabel.backgroundColor).toBe(palette.background);
    expect(axis.axisLabel.formatter(0)).toBe('90°');
    expect(axis.axisLabel.formatter(90)).toBe('0°');
  });

  it('outlines a zone across north, between theta 90 − its elevations', () => {
    const outline = zoneOutline({
      azimuthStart: 350,
      azimuthEnd: 10,
      elevationStart: 20,
      elevationEnd: 40,
    });
    expect(outline[0]).toEqual([70, 350]);
    expect(outline.every(([, a]) => a >= 0 && a < 360)).toBe(true);
    expect(outline.every(([, a]) => a >= 350 || a <= 10)).toBe(true);
    expect(new Set(outline.map(([r]) => r))).toEqual(new Set([70, 50]));
    expect(outline.at(-1)).toEqual(outline[0]);
  });
});

describe('UTC pickers', () => {
  it('reads and writes picker values as UTC', () => {
    const t = Date.parse('2026-11-22T10:05:00Z');
    expect(toPickerUtc(t)).toBe('2026-11-22 10:05:00');
    expect(parsePickerUtc('2026-11-22 10:05:00')).toBe(t);
    expect(parsePickerUtc(null)).toBeNaN();
  });
});
