/** One Server-Sent Event. */
export interface ServerSentEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * Splits a text stream into Server-Sent Events (the WHATWG format: `event:`, `data:`, `id:`
 * lines, a blank line ends an event, `:` lines are comments). Feed chunks, get events.
 */
export function createSseParser(onEvent: (event: ServerSentEvent) => void) {
  let buffer = '';
  let event = 'message';
  let data: string[] = [];
  let id: string | undefined;

  const dispatch = (): void => {
    if (data.length > 0) {
      onEvent({ event, data: data.join('\n'), ...(id === undefined ? {} : { id }) });
    }
    event = 'message';
    data = [];
  };

  return (chunk: string): void => {
    buffer += chunk;
    let newline = buffer.search(/\r\n|\r|\n/);
    while (newline >= 0) {
      const line = buffer.slice(0, newline);
      const breakLength = buffer.startsWith('\r\n', newline) ? 2 : 1;
      buffer = buffer.slice(newline + breakLength);
      if (line === '') dispatch();
      else if (!line.startsWith(':')) {
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        let value = colon < 0 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id') id = value;
      }
      newline = buffer.search(/\r\n|\r|\n/);
    }
  };
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
