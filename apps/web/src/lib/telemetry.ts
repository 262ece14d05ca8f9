import { TELEMETRY_MAX_FAILURES, TELEMETRY_POLL_MS, type TelemetryEvent } from '@aerie/contract';

export interface TelemetryClientOptions {
  /** Sends the events; resolves true when the server accepted them (only ok or not is used). */
  upload: (events: TelemetryEvent[]) => Promise<boolean>;
  pollMs?: number;
  /** The buffer is dropped once the failures exceed this (spec 000 §4: more than 5). */
  maxFailures?: number;
  now?: () => Date;
  /** Events kept at most; older ones go first (the upload accepts 1000). */
  maxBuffered?: number;
}

export type TelemetryParams = TelemetryEvent['params'];

/**
 * Buffers telemetry events and uploads them on a poll (spec 000 §3, §4, §9). On failure the
 * retry count rises and the events stay; after more than 5 failures the buffer is cleared.
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
      categoryName: categoryName.slice(0, 100),
      eventName: eventName.slice(0, 100),
      label: label === null ? null : label.slice(0, 500),
      params,
    });
    if (this.buffer.length > this.options.maxBuffered) {
      this.buffer.splice(0, this.buffer.length - this.options.maxBuffered);
    }
  }

  /** Uploads what is buffered now; events tracked meanwhile wait for the next poll. */
  async flush(): Promise<void> {
    if (this.uploading || this.buffer.length === 0) return;
    this.uploading = true;
    const batch = this.buffer.slice();
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
