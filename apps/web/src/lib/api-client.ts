import { API_TIMEOUT_MS, apiErrorSchema } from '@aerie/contract';
import type { z } from 'zod';

/** What went wrong: the server answered an error, no answer came, or the answer was not what the contract says. */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'invalid-response';

/** The one error type every API call rejects with (CONVENTIONS §6). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived (network failure or timeout). */
  readonly status: number;
  readonly kind: ApiErrorKind;
  /** The request field a validation error is about, when the server named one. */
  readonly field: string | undefined;

  constructor(options: {
    status: number;
    message: string;
    kind: ApiErrorKind;
    field?: string | undefined;
    cause?: unknown;
  }) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status;
    this.kind = options.kind;
    this.field = options.field;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type AccessTokenProvider = () =>
  Promise<string | null | undefined> | string | null | undefined;

export interface ApiClientOptions {
  /** Prefix of every API path, from the runtime configuration (`apiUrl`). */
  baseUrl: string;
  getAccessToken: AccessTokenProvider;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface ApiClientState {
  baseUrl: string;
  getAccessToken: AccessTokenProvider;
  timeoutMs: number;
  fetch: typeof fetch;
}

let state: ApiClientState | null = null;

/** Sets up the API client once at start, after the runtime configuration is loaded. */
export function configureApiClient(options: ApiClientOptions): void {
  state = {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    getAccessToken: options.getAccessToken,
    timeoutMs: options.timeoutMs ?? API_TIMEOUT_MS,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
  };
}

/**
 * Calls the API at `path` (prefixed with the configured `apiUrl`) with the bearer token,
 * and parses the JSON answer with `schema`. Rejects with an {@link ApiError} only.
 */
export async function apiFetch<TSchema extends z.ZodType>(
  path: string,
  schema: TSchema,
  init: RequestInit = {},
): Promise<z.output<TSchema>> {
  if (!state) {
    throw new Error('configureApiClient must be called before apiFetch');
  }
  const { baseUrl, getAccessToken, timeoutMs, fetch: fetchFn } = state;

  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const token = await getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const callerSignal = init.signal;
  const abortFromCaller = (): void => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) abortFromCaller();
  callerSignal?.addEventListener('abort', abortFromCaller, { once: true });

  try {
    let response: Response;
    try {
      response = await fetchFn(`${baseUrl}${path}`, {
        ...init,
        headers,
        signal: controller.signal,
      });
    } catch (cause) {
      if (callerSignal?.aborted && !timedOut) throw cause;
      throw new ApiError({
        status: 0,
        kind: timedOut ? 'timeout' : 'network',
        message: timedOut ? 'The request timed out.' : 'The server could not be reached.',
        cause,
      });
    }

    if (!response.ok) {
      throw await errorFromResponse(response);
    }
    const body = await readJson(response);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new ApiError({
        status: response.status,
        kind: 'invalid-response',
        message: `Unexpected response from ${path}.`,
        cause: parsed.error,
      });
    }
    return parsed.data;
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', abortFromCaller);
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new ApiError({
      status: response.status,
      kind: 'invalid-response',
      message: 'The server answered with invalid JSON.',
      cause,
    });
  }
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = JSON.parse(await response.text()) as unknown;
  } catch {
    body = undefined;
  }
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) {
    return new ApiError({
      status: response.status,
      kind: 'http',
      message: parsed.data.message,
      field: parsed.data.field,
    });
  }
  return new ApiError({
    status: response.status,
    kind: 'http',
    message: response.statusText || `Request failed with status ${response.status}.`,
  });
}
