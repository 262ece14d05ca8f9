import {
  API_TIMEOUT_MS,
  apiErrorSchema,
  endpointUrl,
  isMediaResponse,
  successResponse,
  type EndpointBodyInput,
  type EndpointDefinition,
  type EndpointParamsInput,
  type EndpointQueryInput,
  type EndpointResult,
  type MultipartBody,
} from '@aerie/contract';
import { z } from 'zod';

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
  /** How long the server asked to wait before trying again (a 429's `Retry-After`), in ms. */
  readonly retryAfterMs: number | undefined;

  constructor(options: {
    status: number;
    message: string;
    kind: ApiErrorKind;
    field?: string | undefined;
    retryAfterMs?: number | undefined;
    cause?: unknown;
  }) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status;
    this.kind = options.kind;
    this.field = options.field;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** The longest wait a `Retry-After` may ask of a retried query. */
const MAX_RETRY_AFTER_MS = 60_000;

/** `Retry-After` in seconds (the form the API sends), in ms; undefined when absent or a date. */
function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get('retry-after');
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  return Math.min(Number(value) * 1000, MAX_RETRY_AFTER_MS);
}

/**
 * Whether a failed query is asked again: server and network errors may heal (twice); client
 * errors will not, except 429, which says when to come back (three times).
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status === 429) return failureCount < 3;
  return failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500);
}

/** The wait before asking again: the server's `Retry-After`, else TanStack Query's backoff. */
export function queryRetryDelay(attempt: number, error: unknown): number {
  if (isApiError(error) && error.retryAfterMs !== undefined) return error.retryAfterMs;
  return Math.min(1000 * 2 ** attempt, 30_000);
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type AccessTokenProvider = () =>
  Promise<string | null | undefined> | string | null | undefined;

/**
 * The spec's error rules (000 §8), applied here for every call and nowhere else:
 * 401 -> the session is lost, 503 -> maintenance, anything unexpected -> reported.
 */
export interface ApiErrorHandlers {
  onUnauthorized?: (error: ApiError) => void;
  onServiceUnavailable?: (error: ApiError) => void;
  onUnexpectedError?: (error: ApiError, path: string) => void;
}

export interface ApiClientOptions extends ApiErrorHandlers {
  /** Prefix of every API path, from the runtime configuration (`apiUrl`). */
  baseUrl: string;
  getAccessToken: AccessTokenProvider;
  timeoutMs?: number;
}

interface ApiClientState extends ApiErrorHandlers {
  baseUrl: string;
  getAccessToken: AccessTokenProvider;
  timeoutMs: number;
}

export interface ApiRequestInit extends RequestInit {
  /**
   * Skip the unexpected-error handling (telemetry uploads and error reports:
   * only ok or not matters there, and reporting them would loop).
   * 401 and 503 are still handled.
   */
  quiet?: boolean;
  /** How the request goes out; fetch unless the call brings its own ({@link ApiTransport}). */
  transport?: ApiTransport;
}

/**
 * Sends a request in place of fetch (lib/xhr-transport.ts: an upload that reports its
 * progress). `alive` restarts the timeout: a long upload that still moves is not timed out.
 */
export type ApiTransport = (url: string, init: RequestInit, alive: () => void) => Promise<Response>;

/** A request body as JSON, with its content type. */
export function jsonRequest(method: string, body: unknown): RequestInit {
  return {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  };
}

/** Whether an error is one the user can do nothing about (spec 000 §8, "Unexpected error"). */
export function isUnexpectedApiError(error: ApiError): boolean {
  if (error.kind === 'invalid-response') return true;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.status >= 500 && error.status !== 503;
}

let state: ApiClientState | null = null;

/** Sets up the API client once at start, after the runtime configuration is loaded. */
export function configureApiClient(options: ApiClientOptions): void {
  state = {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    getAccessToken: options.getAccessToken,
    timeoutMs: options.timeoutMs ?? API_TIMEOUT_MS,
    ...(options.onUnauthorized ? { onUnauthorized: options.onUnauthorized } : {}),
    ...(options.onServiceUnavailable ? { onServiceUnavailable: options.onServiceUnavailable } : {}),
    ...(options.onUnexpectedError ? { onUnexpectedError: options.onUnexpectedError } : {}),
  };
}

/** Sets the error rules' handlers once the app (router, notifications) exists. */
export function setApiErrorHandlers(handlers: ApiErrorHandlers): void {
  if (!state) throw new Error('configureApiClient must be called before setApiErrorHandlers');
  state = { ...state, ...handlers };
}

/** The bearer token the API client would send now (for the live stream). */
export async function currentAccessToken(): Promise<string | null | undefined> {
  return state?.getAccessToken();
}

/** The configured API address prefix. */
export function apiBaseUrl(): string {
  return state?.baseUrl ?? '';
}

/**
 * Calls the API at `path` (prefixed with the configured `apiUrl`) with the bearer token,
 * and parses the JSON answer with `schema`. Rejects with an {@link ApiError} only.
 */
export async function apiFetch<TSchema extends z.ZodType>(
  path: string,
  schema: TSchema,
  init: ApiRequestInit = {},
): Promise<z.output<TSchema>> {
  return (await apiRequest(path, schema, init)).data;
}

/** Like {@link apiFetch}, and also hands back the response headers. */
export async function apiRequest<TSchema extends z.ZodType>(
  path: string,
  schema: TSchema,
  init: ApiRequestInit = {},
): Promise<{ data: z.output<TSchema>; headers: Headers }> {
  if (!state) {
    throw new Error('configureApiClient must be called before apiFetch');
  }
  try {
    return await request(state, path, schema, init);
  } catch (error) {
    if (error instanceof ApiError) handleError(state, error, path, init.quiet === true);
    throw error;
  }
}

function handleError(current: ApiClientState, error: ApiError, path: string, quiet: boolean) {
  if (error.status === 401) {
    current.onUnauthorized?.(error);
  } else if (error.status === 503) {
    current.onServiceUnavailable?.(error);
  } else if (!quiet && isUnexpectedApiError(error)) {
    current.onUnexpectedError?.(error, path);
  }
}

async function request<TSchema extends z.ZodType>(
  current: ApiClientState,
  path: string,
  schema: TSchema,
  init: ApiRequestInit,
): Promise<{ data: z.output<TSchema>; headers: Headers }> {
  return exchange(current, path, init, async (response) => {
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
    return { data: parsed.data, headers: response.headers };
  });
}

/** A file the API answered: its content and the name the server gave it. */
export interface ApiDownload {
  blob: Blob;
  /** From Content-Disposition (`filename*` first); null when the server named none. */
  fileName: string | null;
}

/**
 * Downloads a file from the API with the bearer token (a plain link could not send it).
 * Rejects with an {@link ApiError} like {@link apiFetch}.
 */
export async function apiDownload(path: string, init: ApiRequestInit = {}): Promise<ApiDownload> {
  if (!state) throw new Error('configureApiClient must be called before apiDownload');
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', '*/*');
  try {
    return await exchange(state, path, { ...init, headers }, async (response) => ({
      blob: await response.blob(),
      fileName: fileNameFromDisposition(response.headers.get('Content-Disposition')),
    }));
  } catch (error) {
    if (error instanceof ApiError) handleError(state, error, path, init.quiet === true);
    throw error;
  }
}

/** The file name of a Content-Disposition header (RFC 6266), preferring `filename*`. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // Fall back to the plain name below.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name || null;
}

/** One call: the bearer token, the timeout, the caller's abort, and errors as ApiError. */
async function exchange<T>(
  current: ApiClientState,
  path: string,
  { quiet: _quiet, transport, ...init }: ApiRequestInit,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const { baseUrl, getAccessToken, timeoutMs } = current;

  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  // A FormData body names its own type (multipart, with the boundary the browser picks).
  if (
    init.body !== undefined &&
    init.body !== null &&
    !(init.body instanceof FormData) &&
    !headers.has('Content-Type')
  ) {
    headers.set('Content-Type', 'application/json');
  }
  const token = await getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
  };
  arm();
  const callerSignal = init.signal;
  const abortFromCaller = (): void => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) abortFromCaller();
  callerSignal?.addEventListener('abort', abortFromCaller, { once: true });

  try {
    let response: Response;
    try {
      const sent = { ...init, headers, signal: controller.signal };
      // NOTE: the global fetch, looked up per call: tests answer it with msw (test/api-server).
      response = await (transport
        ? transport(`${baseUrl}${path}`, sent, arm)
        : globalThis.fetch(`${baseUrl}${path}`, sent));
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
    return await read(response);
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

/** At most this much of a plain-text error body is taken as the server's message. */
const MAX_TEXT_MESSAGE = 300;

/**
 * The server's own words in an error body that is not the contract's shape (a proxy, the
 * identity provider, a plain-text answer): `message`, then `error_description`, then short text.
 */
function serverMessage(text: string, body: unknown): string | null {
  if (body && typeof body === 'object') {
    const { message, error_description: description } = body as Record<string, unknown>;
    if (typeof message === 'string' && message.trim()) return message.trim();
    if (typeof description === 'string' && description.trim()) return description.trim();
    return null;
  }
  const plain = text.trim();
  if (plain && plain.length <= MAX_TEXT_MESSAGE && !plain.startsWith('<')) return plain;
  return null;
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    body = undefined;
  }
  const parsed = apiErrorSchema.safeParse(body);
  const retryAfterMs = retryAfterOf(response);
  if (parsed.success) {
    return new ApiError({
      status: response.status,
      kind: 'http',
      message: parsed.data.message,
      field: parsed.data.field,
      retryAfterMs,
    });
  }
  // NOTE: issue 13: the server's message, never the bare status text, when it sent one.
  return new ApiError({
    status: response.status,
    kind: 'http',
    retryAfterMs,
    message:
      serverMessage(text, body) ??
      `Request failed with status ${response.status}${response.statusText ? ` (${response.statusText})` : ''}.`,
  });
}

/** What a call of endpoint `E` sends: its path params, query and body, typed by the contract. */
export type EndpointArgs<E extends EndpointDefinition> = (E['params'] extends z.ZodType
  ? { params: EndpointParamsInput<E> }
  : { params?: never }) &
  (E['query'] extends z.ZodType
    ? object extends EndpointQueryInput<E>
      ? { query?: EndpointQueryInput<E> }
      : { query: EndpointQueryInput<E> }
    : { query?: never }) &
  (E['body'] extends MultipartBody
    ? { body: FormData }
    : E['body'] extends z.ZodType
      ? undefined extends EndpointBodyInput<E>
        ? { body?: EndpointBodyInput<E> }
        : { body: EndpointBodyInput<E> }
      : { body?: never });

/** Endpoints whose every argument is optional may be called without any. */
type OptionalArgs<E extends EndpointDefinition> =
  object extends EndpointArgs<E> ? [args?: EndpointArgs<E>] : [args: EndpointArgs<E>];

/** The request of a call: the endpoint's method and URL, its body as JSON (or the FormData). */
function endpointRequest<E extends EndpointDefinition>(
  endpoint: E,
  args: LooseArgs,
  init: ApiRequestInit,
): { url: string; init: ApiRequestInit } {
  const url = endpointUrl(
    endpoint,
    args?.params as Record<string, unknown> | undefined,
    args?.query as Record<string, unknown> | undefined,
  );
  const withMethod: ApiRequestInit = { ...init, method: endpoint.method };
  if (args?.body instanceof FormData) {
    withMethod.body = args.body;
  } else if (args?.body !== undefined) {
    const headers = new Headers(init.headers);
    headers.set('Content-Type', 'application/json');
    withMethod.headers = headers;
    withMethod.body = JSON.stringify(args.body);
  }
  return { url, init: withMethod };
}

type LooseArgs = Partial<{ params: unknown; query: unknown; body: unknown }> | undefined;
type CallRest<E extends EndpointDefinition> = [
  ...OptionalArgs<E>,
  init?: ApiRequestInit | undefined,
];

function splitRest(rest: readonly unknown[]): [LooseArgs, ApiRequestInit] {
  return [rest[0] as LooseArgs, (rest[1] as ApiRequestInit | undefined) ?? {}];
}

/**
 * Calls a contract endpoint (the only way feature code reaches the API): the path and query
 * from its declaration, the answer parsed with its success schema (`null` for 204).
 */
export async function callApi<E extends EndpointDefinition>(
  endpoint: E,
  ...rest: CallRest<E>
): Promise<EndpointResult<E>> {
  return (await callApiWithHeaders(endpoint, ...rest)).data;
}

/** Like {@link callApi}, and also hands back the response headers. */
export async function callApiWithHeaders<E extends EndpointDefinition>(
  endpoint: E,
  ...rest: CallRest<E>
): Promise<{ data: EndpointResult<E>; headers: Headers }> {
  const { status, spec } = successResponse(endpoint);
  if (isMediaResponse(spec)) {
    throw new Error(`${endpoint.method} ${endpoint.path} answers a file: use downloadApi`);
  }
  const [args, init] = splitRest(rest);
  const request = endpointRequest(endpoint, args, init);
  const schema = status === 204 ? z.unknown().transform(() => null) : spec;
  return (await apiRequest(request.url, schema, request.init)) as {
    data: EndpointResult<E>;
    headers: Headers;
  };
}

/** Downloads the file a contract endpoint answers, with the bearer token. */
export async function downloadApi<E extends EndpointDefinition>(
  endpoint: E,
  ...rest: CallRest<E>
): Promise<ApiDownload> {
  const [args, init] = splitRest(rest);
  const request = endpointRequest(endpoint, args, init);
  return apiDownload(request.url, request.init);
}
