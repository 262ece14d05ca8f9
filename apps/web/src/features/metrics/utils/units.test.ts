import { describe, expect, it } from 'vitest';
import { formatMetricValue, seriesLabel } from './units';

describe('formatMetricValue', () => {
  it("shows bytes as '0.00 b'", () => {
    expect(formatMetricValue(1_234_567, 'bytes')).toBe('1.23 MB');
    expect(formatMetricValue(0, 'bytes')).toBe('0.00 B');
  });

  it('shows online status as a word', () => {
    expect(formatMetricValue(1, '', 'MT_ONLINESTATUS')).toBe('Online');
    expect(formatMetricValue(0, '', 'MT_ONLINESTATUS')).toBe('Offline');
  });

  it('adds the unit after at most two decimals', () => {
    expect(formatMetricValue(12.3456, 'km/h')).toBe('12.35 km/h');
    expect(formatMetricValue(21, '°C')).toBe('21 °C');
    expect(formatMetricValue(45.5, '%')).toBe('45.5%');
    expect(formatMetricValue(-71.25, 'dBm')).toBe('-71.25 dBm');
    expect(formatMetricValue(3, '')).toBe('3');
  });

  it('keeps five decimals of a position', () => {
    expect(formatMetricValue(-23.5123456, 'degrees')).toBe('-23.51235 degrees');
  });
});

describe('seriesLabel', () => {
  it('names the unit when there is one', () => {
    expect(seriesLabel('Speed', 'km/h')).toBe('Speed (km/h)');
    expect(seriesLabel('Online status', '')).toBe('Online status');
  });
});
