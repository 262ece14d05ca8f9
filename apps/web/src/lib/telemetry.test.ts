import {
  FEED_BODY_LIMITS,
  FEED_LIMITS,
  telemetryUploadSchema,
  type TelemetryEvent,
} from '@aerie/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TelemetryClient } from './telemetry';

afterEach(() => {
  vi.useRealTimers();
});

function client(upload: (events: TelemetryEvent[]) => Promise<boolean>) {
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

  it('sends at most one batch the server takes per poll, oldest first', async () => {
    const sent: TelemetryEvent[][] = [];
    const telemetry = client(async (events) => {
      sent.push(events);
      return true;
    });
    const total = FEED_LIMITS.telemetryEventsPerUpload + 30;
    for (let i = 0; i < total; i += 1) telemetry.track('navigation', 'pageView', `/p${i}`);

    await telemetry.flush();
    expect(sent[0]).toHaveLength(FEED_LIMITS.telemetryEventsPerUpload);
    expect(sent[0]![0]!.label).toBe('/p0');
    expect(telemetry.buffered).toHaveLength(30);
    await telemetry.flush();
    expect(sent[1]).toHaveLength(30);
    expect(telemetry.buffered).toHaveLength(0);
  });

  it("trims every event to the server's caps, so an upload is never refused for its size", async () => {
    const sent: TelemetryEvent[][] = [];
    const telemetry = client(async (events) => {
      sent.push(events);
      return true;
    });
    const params = Object.fromEntries(
      Array.from({ length: 15 }, (_, i) => [`${'k'.repeat(60)}${i}`, 'v'.repeat(500)]),
    );
    for (let i = 0; i < 250; i += 1)
      telemetry.track('c'.repeat(300), 'e'.repeat(300), 'l'.repeat(1000), params);
    await telemetry.flush();
    const upload = { events: sent[0], userAgent: 'ua', locale: 'en' };
    expect(telemetryUploadSchema.safeParse(upload).success).toBe(true);
    expect(JSON.stringify(upload).length).toBeLessThan(FEED_BODY_LIMITS.telemetry);
  });

  it('does not upload an empty buffer', async () => {
    const upload = vi.fn(async () => true);
    await client(upload).flush();
    expect(upload).not.toHaveBeenCalled();
  });
});
