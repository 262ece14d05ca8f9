import {
  FEED_LIMITS,
  TELEMETRY_MAX_FAILURES,
  TELEMETRY_POLL_MS,
  type TelemetryEvent,
} from '@aerie/contract';

export interface TelemetryClientOptions {
  /** Sends the events; resolves true when the server accepted them (only ok or not is used). */
  upload: (events: TelemetryEvent[]) => Promise<boolean>;
  pollMs?: number;
  /** The buffer is dropped once the failures exceed this (spec 000 §4: more than 5). */
  maxFailures?: number;
  now?: () => Date;
  /** Events kept at most; older ones go first. */
  maxBuffered?: number;
  /** Events sent in one upload (the server takes FEED_LIMITS.telemetryEventsPerUpload). */
  batchSize?: number;
}

export type TelemetryParams = TelemetryEvent['params'];

/** Parameters within the server's caps: the first few, names and texts cut to length. */
function capParams(params: TelemetryParams): TelemetryParams {
  if (params === null) return null;
  const entries = Object.entries(params)
    .filter(([name]) => name.length > 0)
    .slice(0, FEED_LIMITS.telemetryParams)
    .map(([name, value]) => [
      name.slice(0, FEED_LIMITS.telemetryParamKey),
      typeof value === 'string' ? value.slice(0, FEED_LIMITS.telemetryParamValue) : value,
    ]);
  return Object.fromEntries(entries) as TelemetryParams;
}

/**
 * Buffers telemetry events and uploads them on a poll (spec 000 §3, §4, §9). On failure the
 * retry count rises and the events stay; after more than 5 failures the buffer is cleared.
 * Each poll sends the oldest events, at most one batch the server takes (100); every event is
 * trimmed to the server's caps when tracked (docs/security.md).
 */
export class TelemetryClient {
  private buffer: TelemetryEvent[] = [];
  private failureCount = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private uploading = false;
  private readonly options: Required<Omit<TelemetryClientOptions, 'upload'>> &
    Pick<TelemetryClientOptions, 'upload'>;

  constructor(options: TelemetryClientOptions) {
    this.options = {
      pollMs: TELEMETRY_POLL_MS,
      maxFailures: TELEMETRY_MAX_FAILURES,
      now: () => new Date(),
      maxBuffered: 1000,
      batchSize: FEED_LIMITS.telemetryEventsPerUpload,
      ...options,
    };
  }

  get buffered(): readonly TelemetryEvent[] {
    return this.buffer;
  }

  get failures(): number {
    return this.failureCount;
  }

  track(
    categoryName: string,
    eventName: string,
    label: string | null = null,
    params: TelemetryParams = null,
  ): void {
    // NOTE: toISOString is UTC whatever the browser's zone: the spec's "UTC-adjusted" timestamp.
    this.buffer.push({
      timestamp: this.options.now().toISOString(),
      categoryName: categoryName.slice(0, FEED_LIMITS.telemetryName),
      eventName: eventName.slice(0, FEED_LIMITS.telemetryName),
      label: label === null ? null : label.slice(0, FEED_LIMITS.telemetryLabel),
      params: capParams(params),
    });
    if (this.buffer.length > this.options.maxBuffered) {
      this.buffer.splice(0, this.buffer.length - this.options.maxBuffered);
    }
  }

  /** Uploads the oldest batch buffered now; the rest, and events tracked meanwhile, wait. */
  async flush(): Promise<void> {
    if (this.uploading || this.buffer.length === 0) return;
    this.uploading = true;
    const batch = this.buffer.slice(0, this.options.batchSize);
    let ok = false;
    try {
      ok = await this.options.upload(batch);
    } catch {
      ok = false;
    } finally {
      this.uploading = false;
    }
    if (ok) {
      this.failureCount = 0;
      this.buffer.splice(0, batch.length);
      return;
    }
    this.failureCount += 1;
    if (this.failureCount > this.options.maxFailures) {
      this.buffer = [];
      this.failureCount = 0;
    }
  }

  start(): void {
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => void this.flush(), this.options.pollMs);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
