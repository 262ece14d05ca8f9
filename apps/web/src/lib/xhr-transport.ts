import type { ApiTransport } from './api-client';

/** The reason a request was aborted, as fetch gives it. */
function abortReason(signal: AbortSignal | null | undefined): Error | DOMException {
  const reason: unknown = signal?.reason;
  // NOTE: a DOMException is not an Error in every realm (jsdom's is not).
  return reason instanceof Error || reason instanceof DOMException
    ? reason
    : new DOMException('The request was aborted.', 'AbortError');
}

/** `name: value` lines of XMLHttpRequest's getAllResponseHeaders as Headers. */
function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * A transport for the API client through XMLHttpRequest, which reports upload progress (fetch
 * does not, short of a streamed body that only some browsers send): `onProgress` gets the bytes
 * of the body sent so far. It behaves as fetch towards the client: a network failure rejects
 * with a TypeError, an abort with the signal's reason, every answer resolves as a Response.
 */
export function xhrTransport(onProgress?: (loaded: number, total: number) => void): ApiTransport {
  return (url, init, alive) =>
    new Promise<Response>((resolve, reject) => {
      const { signal } = init;
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      const xhr = new XMLHttpRequest();
      const abort = () => xhr.abort();
      const settle = () => signal?.removeEventListener('abort', abort);
      xhr.open(init.method ?? 'GET', url);
      new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.addEventListener('progress', (event) => {
        alive();
        if (event.lengthComputable) onProgress?.(event.loaded, event.total);
      });
      xhr.addEventListener('progress', alive);
      xhr.addEventListener('load', () => {
        settle();
        const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
        resolve(
          new Response(empty ? null : xhr.responseText, {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: headersOf(xhr.getAllResponseHeaders()),
          }),
        );
      });
      xhr.addEventListener('error', () => {
        settle();
        reject(new TypeError('Network request failed'));
      });
      xhr.addEventListener('abort', () => {
        settle();
        reject(abortReason(signal));
      });
      signal?.addEventListener('abort', abort, { once: true });
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}
