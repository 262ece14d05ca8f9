import { describe, expect, test } from 'vitest';
import { formatJobKind, jobProgressPercent } from './job-kind';

describe('job kinds and progress', () => {
  test('names the diagnostic bundle job and leaves other kinds as they are', () => {
    expect(formatJobKind('processDiagnosticBundle')).toBe('Diagnostic bundle processing');
    expect(formatJobKind('syncToHub')).toBe('syncToHub');
    expect(formatJobKind('toString')).toBe('toString');
  });

  test("gives a running job's progress in whole percent, and none otherwise", () => {
    expect(jobProgressPercent({ status: 'Running', progress: 0.426 })).toBe(43);
    expect(jobProgressPercent({ status: 'Running', progress: null })).toBeNull();
    expect(jobProgressPercent({ status: 'Queued', progress: 0.5 })).toBeNull();
    expect(jobProgressPercent({ status: 'Running', progress: 1.2 })).toBe(100);
  });
});
