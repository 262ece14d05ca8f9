import { describe, expect, it } from 'vitest';
import { overallHealth, serviceRows } from './overall-health';

const v = (version: string) => JSON.stringify({ Version: version });

describe('overallHealth', () => {
  it('is Healthy when every service reports 200', () => {
    expect(overallHealth({ database: [200, v('1')], hub: [200, v('2')] })).toBe('Healthy');
  });

  it('is Degraded when any service reports something other than 200', () => {
    expect(overallHealth({ database: [200, v('1')], hub: [503, v('2')] })).toBe('Degraded');
  });

  it('is Unhealthy when no status has loaded', () => {
    expect(overallHealth(undefined)).toBe('Unhealthy');
    expect(overallHealth({})).toBe('Unhealthy');
  });
});

describe('serviceRows', () => {
  it('reads the Version from each JSON text and tolerates other text', () => {
    expect(serviceRows({ web: [200, v('1.2.3')], db: [503, 'down'] })).toEqual([
      { service: 'db', statusCode: 503, version: null },
      { service: 'web', statusCode: 200, version: '1.2.3' },
    ]);
  });
});
