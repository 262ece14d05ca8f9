import { createParser } from 'eventsource-parser';

/** One Server-Sent Event. */
export interface ServerSentEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * Splits a text stream into Server-Sent Events (the WHATWG format) with `eventsource-parser`.
 * Feed chunks, get events; an event without an `event:` field is named `message`, as in the
 * browser's `EventSource`.
 */
export function createSseParser(onEvent: (event: ServerSentEvent) => void) {
  const parser = createParser({
    onEvent: ({ event, data, id }) =>
      onEvent({ event: event ?? 'message', data, ...(id === undefined ? {} : { id }) }),
  });
  return (chunk: string): void => parser.feed(chunk);
}

export interface LiveStreamOptions {
  url: string;
  getAccessToken: () => Promise<string | null | undefined>;
  onEvent: (event: ServerSentEvent) => void;
  /** Called on a 401: the session is gone, do not reconnect. */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
  /** Reconnect delays grow from the first to the last (ms). */
  backoffMs?: readonly number[];
}

const DEFAULT_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

/**
 * Listens to a Server-Sent Events stream with fetch, so the bearer token travels as a header
 * and not in the URL (ARCHITECTURE §2). Reconnects with backoff until stopped.
 */
export function startLiveStream(options: LiveStreamOptions): () => void {
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const backoff = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  let stopped = false;
  let attempt = 0;
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const scheduleReconnect = (): void => {
    if (stopped) return;
    const delay = backoff[Math.min(attempt, backoff.length - 1)] ?? 30_000;
    attempt += 1;
    timer = setTimeout(() => void connect(), delay);
  };

  const connect = async (): Promise<void> => {
    if (stopped) return;
    controller = new AbortController();
    try {
      const token = await options.getAccessToken();
      const headers: Record<string, string> = { Accept: 'text/event-stream' };
      if (token) headers['Authorization'] = `Bearer ${token}`;
      const response = await fetchFn(options.url, {
        headers,
        signal: controller.signal,
        cache: 'no-store',
        // NOTE: a long-lived background connection: low priority, so it never competes with
        // the page's own requests, and tools that wait for the page's important requests to
        // end (Lighthouse) do not wait for it (at High, every signed-in page ran to
        // Lighthouse's 45 s limit and every task in that time counted).
        priority: 'low',
      });
      if (response.status === 401) {
        options.onUnauthorized?.();
        return;
      }
      if (!response.ok || !response.body) throw new Error(`live stream: ${response.status}`);
      attempt = 0;
      const parse = createSseParser(options.onEvent);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parse(value);
      }
    } catch {
      // NOTE: network errors and aborts end here; a stop prevents the reconnect below.
    }
    scheduleReconnect();
  };

  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
  };
}
