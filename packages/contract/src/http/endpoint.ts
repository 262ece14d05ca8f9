import type { z } from 'zod';
import type { Permission } from '../roles.js';

/**
 * One HTTP endpoint of the API, declared once (docs/decisions/020-api-contract.md). The server
 * registers its route from this declaration, the web app calls it through the typed client built
 * from it, and the OpenAPI document is generated from all of them.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint.
 * - `public`: no bearer token (health probe, runtime configuration, the OpenAPI document).
 * - `signedIn`: any authenticated caller; what they see is limited by their accounts.
 * - `permission`: the caller's role must hold `permission` (the role table of roles.ts).
 *   `check: 'route'` refuses with 403 before the handler runs. `check: 'object'` leaves the
 *   check to the service, after the object was found within the caller's accounts, so an object
 *   outside them answers 404 and a known object the role may not change answers 403.
 * - `rule`: the permission depends on the request (a device command's own permission, say);
 *   the service checks it after the object was found, and `rule` says where the rule lives.
 */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'signedIn' }
  | {
      readonly kind: 'permission';
      readonly permission: Permission;
      readonly check: 'route' | 'object';
    }
  | { readonly kind: 'rule'; readonly rule: string; readonly permissions: readonly Permission[] };

/** A response that is not JSON: a file, a stream. */
export interface MediaResponse {
  readonly media: string;
  readonly description: string;
}

/**
 * A `multipart/form-data` request body of files: the server reads the parts as they stream in
 * (never the body whole) and the web client sends a `FormData`. Described here for the OpenAPI
 * document; the route checks the parts itself.
 */
export interface MultipartBody {
  readonly multipart: {
    /** The form field that carries the files. */
    readonly field: string;
    /** Whether the field repeats, one part per file; then at most `maxFiles` of them. */
    readonly multiple: boolean;
    readonly maxFiles?: number;
    readonly description: string;
  };
}

/** A multipart body of files in the field `field` (see {@link MultipartBody}). */
export function multipartFiles(
  field: string,
  options: Omit<MultipartBody['multipart'], 'field'>,
): MultipartBody {
  return { multipart: { field, ...options } };
}

export function isMultipartBody(body: RequestBodySpec): body is MultipartBody {
  return typeof (body as Partial<MultipartBody>).multipart === 'object';
}

/** A request body: a zod schema of its JSON, or multipart files. */
export type RequestBodySpec = z.ZodType | MultipartBody;

/** A status's answer: a zod schema of the JSON body (z.null() for 204), or a media type. */
export type ResponseSpec = z.ZodType | MediaResponse;

type AnyObjectSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

export interface EndpointDefinition {
  readonly method: HttpMethod;
  /** OpenAPI-style path: `/v2/devices/{id}`. Every `{name}` is a key of `params`. */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  /** The area the endpoint belongs to (its feature); the first tag groups it in the API docs. */
  readonly tags: readonly [string, ...string[]];
  readonly access: Access;
  readonly params?: AnyObjectSchema;
  readonly query?: AnyObjectSchema;
  readonly body?: RequestBodySpec;
  /** Answers by status; the lowest 2xx is the success the typed client returns. */
  readonly responses: Readonly<Partial<Record<200 | 201 | 202 | 204, ResponseSpec>>>;
}

/** Declares an endpoint; keeps its literal types for the server's handler and the web client. */
export function endpoint<const E extends EndpointDefinition>(definition: E): E {
  for (const name of pathParamNames(definition.path)) {
    const shape = (definition.params as { shape?: Record<string, unknown> } | undefined)?.shape;
    if (!shape || !(name in shape)) {
      throw new Error(`${definition.method} ${definition.path}: params has no "${name}"`);
    }
  }
  return definition;
}

/** A non-JSON answer of the given media type. */
export function media(type: string, description: string): MediaResponse {
  return { media: type, description };
}

export function isMediaResponse(spec: ResponseSpec): spec is MediaResponse {
  return typeof (spec as MediaResponse).media === 'string';
}

/** The `{name}` placeholders of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1]!);
}

/** The path in Fastify's syntax: `/v2/devices/:id`. */
export function routerPath(path: string): string {
  return path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1');
}

type SchemaInput<S> = S extends z.ZodType ? z.input<S> : never;
type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : never;

/** What the server's handler receives (parsed) and what a caller sends (before parsing). */
export type EndpointParams<E extends EndpointDefinition> = SchemaOutput<E['params']>;
export type EndpointQuery<E extends EndpointDefinition> = SchemaOutput<E['query']>;
export type EndpointBody<E extends EndpointDefinition> = SchemaOutput<E['body']>;
export type EndpointParamsInput<E extends EndpointDefinition> = SchemaInput<E['params']>;
export type EndpointQueryInput<E extends EndpointDefinition> = SchemaInput<E['query']>;
export type EndpointBodyInput<E extends EndpointDefinition> = SchemaInput<E['body']>;

type SuccessStatus<E extends EndpointDefinition> = 200 extends keyof E['responses']
  ? 200
  : 201 extends keyof E['responses']
    ? 201
    : 202 extends keyof E['responses']
      ? 202
      : 204;

/** The success answer's schema (a zod schema, or a media response). */
export type EndpointSuccessSpec<E extends EndpointDefinition> = NonNullable<
  E['responses'][SuccessStatus<E>]
>;

/** The success answer's JSON (after parsing); `never` for media answers. */
export type EndpointResult<E extends EndpointDefinition> =
  EndpointSuccessSpec<E> extends z.ZodType ? z.output<EndpointSuccessSpec<E>> : never;

/** The JSON the server may hand back (before serialization). */
export type EndpointReply<E extends EndpointDefinition> =
  EndpointSuccessSpec<E> extends z.ZodType ? z.input<EndpointSuccessSpec<E>> : never;

/** The status and spec of an endpoint's success answer. */
export function successResponse(e: EndpointDefinition): { status: number; spec: ResponseSpec } {
  for (const status of [200, 201, 202, 204] as const) {
    const spec = e.responses[status];
    if (spec) return { status, spec };
  }
  throw new Error(`${e.method} ${e.path} declares no success response`);
}

/** A query value as it goes on the wire. */
type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/**
 * The request path of an endpoint with its params filled in (each URI-encoded) and its query
 * appended (undefined and null values left out; arrays as repeated keys).
 */
export function endpointUrl(
  e: EndpointDefinition,
  params?: Readonly<Record<string, unknown>>,
  query?: Readonly<Record<string, unknown>>,
): string {
  const path = e.path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_m, name: string) => {
    const value = params?.[name];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new Error(`${e.method} ${e.path}: missing path parameter "${name}"`);
    }
    if (value === '') throw new Error(`${e.method} ${e.path}: missing path parameter "${name}"`);
    return encodeURIComponent(String(value));
  });
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const value = raw as QueryValue;
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
