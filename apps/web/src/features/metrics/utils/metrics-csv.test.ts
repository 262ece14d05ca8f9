import { describe, expect, it } from 'vitest';
import { metricsCsv } from './metrics-csv';

const t = (iso: string) => Date.parse(iso);

describe('metricsCsv', () => {
  it('writes a Timestamp column and one column per series, rows merged by time', () => {
    const csv = metricsCsv([
      {
        label: 'Downstream C/N0 (dBHz)',
        points: [
          [t('2026-11-20T00:00:00Z'), 51.2],
          [t('2026-11-20T00:05:00Z'), 50.9],
        ],
      },
      {
        label: 'Round-trip latency (ms)',
        points: [
          [t('2026-11-20T00:05:00Z'), 612],
          [t('2026-11-20T00:10:00Z'), 640],
        ],
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Timestamp,Downstream C/N0 (dBHz),Round-trip latency (ms)',
      '2026-11-20T00:00:00.000Z,51.2,',
      '2026-11-20T00:05:00.000Z,50.9,612',
      '2026-11-20T00:10:00.000Z,,640',
      '',
    ]);
  });

  it('leaves out line breaks and quotes labels that need it', () => {
    const csv = metricsCsv([
      {
        label: 'Speed, ground (km/h)',
        points: [
          [t('2026-11-20T00:00:00Z'), 10],
          [t('2026-11-20T01:00:00Z'), null],
        ],
      },
    ]);
    expect(csv).toBe('Timestamp,"Speed, ground (km/h)"\r\n2026-11-20T00:00:00.000Z,10\r\n');
  });

  it('uses another separator when asked, quoting fields that hold it', () => {
    const csv = metricsCsv([{ label: 'a;b', points: [[t('2026-11-20T00:00:00Z'), 1.5]] }], ';');
    expect(csv).toBe('Timestamp;"a;b"\r\n2026-11-20T00:00:00.000Z;1.5\r\n');
  });

  it('writes only the header when there is no data', () => {
    expect(metricsCsv([{ label: 'Speed', points: [] }])).toBe('Timestamp,Speed\r\n');
  });
});
