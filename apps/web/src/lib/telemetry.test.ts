import { afterEach, describe, expect, it, vi } from 'vitest';
import { TelemetryClient } from './telemetry';

afterEach(() => {
  vi.useRealTimers();
});

function client(upload: () => Promise<boolean>) {
  return new TelemetryClient({ upload, now: () => new Date('2026-03-01T10:00:00+02:00') });
}

describe('TelemetryClient', () => {
  it('buffers events with a UTC timestamp, category, name, label and params', () => {
    const telemetry = client(async () => true);

    telemetry.track('navigation', 'pageView', '/home', { search: '' });

    expect(telemetry.buffered).toEqual([
      {
        timestamp: '2026-03-01T08:00:00.000Z',
        categoryName: 'navigation',
        eventName: 'pageView',
        label: '/home',
        params: { search: '' },
      },
    ]);
  });

  it('empties the buffer after a successful upload', async () => {
    const upload = vi.fn(async () => true);
    const telemetry = client(upload);
    telemetry.track('a', 'b');

    await telemetry.flush();

    expect(upload).toHaveBeenCalledTimes(1);
    expect(telemetry.buffered).toHaveLength(0);
  });

  it('keeps the events and counts failures, then drops the buffer after more than 5 failures', async () => {
    const telemetry = client(async () => false);
    telemetry.track('a', 'b');

    for (let i = 1; i <= 5; i += 1) {
      await telemetry.flush();
      expect(telemetry.failures).toBe(i);
      expect(telemetry.buffered).toHaveLength(1);
    }
    await telemetry.flush();

    expect(telemetry.buffered).toHaveLength(0);
    expect(telemetry.failures).toBe(0);
  });

  it('counts a rejected upload as a failure', async () => {
    const telemetry = client(async () => {
      throw new Error('offline');
    });
    telemetry.track('a', 'b');

    await telemetry.flush();

    expect(telemetry.failures).toBe(1);
    expect(telemetry.buffered).toHaveLength(1);
  });

  it('uploads on the 60 s poll', async () => {
    vi.useFakeTimers();
    const upload = vi.fn(async () => true);
    const telemetry = client(upload);
    telemetry.track('a', 'b');
    telemetry.start();

    await vi.advanceTimersByTimeAsync(59_999);
    expect(upload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(upload).toHaveBeenCalledTimes(1);
    telemetry.stop();
  });

  it('does not upload an empty buffer', async () => {
    const upload = vi.fn(async () => true);
    await client(upload).flush();
    expect(upload).not.toHaveBeenCalled();
  });
});
