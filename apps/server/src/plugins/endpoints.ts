import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteOptions,
} from 'fastify';
import type { z } from 'zod';
import {
  isMediaResponse,
  isMultipartBody,
  successResponse,
  routerPath,
  type EndpointBody,
  type EndpointDefinition,
  type EndpointParams,
  type EndpointQuery,
  type EndpointReply,
} from '@aerie/contract';
import { assertCan } from './authorization.js';
import type { RouteLimits, WriteBudget } from './request-limits.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint a route was registered from (see {@link route}). */
    endpoint?: EndpointDefinition;
    /** The write budget the route counts against, or false (see {@link route}). */
    writeBudget?: WriteBudget | false;
    /** Whether calls run as heavy reads: always, for some requests (`'request'`), or never. */
    heavy?: boolean | 'request';
  }
}

/** The request a handler of endpoint `E` receives: params, query and body parsed by its schemas. */
export type EndpointRequest<E extends EndpointDefinition> = FastifyRequest<{
  Params: EndpointParams<E>;
  Querystring: EndpointQuery<E>;
  Body: EndpointBody<E>;
}>;

/**
 * A handler answers the success JSON of its endpoint (checked against the response schema by
 * the serializer), or sends its own reply (files, streams, other statuses) and returns it.
 */
export type EndpointHandler<E extends EndpointDefinition, R = EndpointReply<E>> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<R | FastifyReply>;

/** Route options an endpoint cannot say: rate limits, body limits, a faster serializer. */
export type RouteExtras = Pick<
  RouteOptions,
  'bodyLimit' | 'serializerCompiler' | 'preHandler' | 'onRequest'
> & {
  config?: Record<string, unknown>;
  /**
   * The per-caller limits of plugins/request-limits.ts. Every write (any method but GET) counts
   * against the `writes` budget unless it names another, or `write: false` for a POST that only
   * reads; `heavy` runs the handler under the caller's concurrency limit of heavy reads.
   */
  limits?: RouteLimits;
  /**
   * This installation's exact schema of the success answer, where the contract's is open
   * because a key carries the brand (`monthlyActive{Brand}Users`, `{brand}Beams`).
   */
  successSchema?: z.ZodType | undefined;
};

/**
 * Registers the route of a contract endpoint: its method and path, the schemas that parse the
 * request and check the answer, `config.public` for public endpoints, and the role check of
 * `permission` endpoints checked at the route (403 before the handler runs).
 */
export function route<E extends EndpointDefinition, S extends z.ZodType | undefined = undefined>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E, S extends z.ZodType ? z.input<S> : EndpointReply<E>>,
  extras: RouteExtras & { successSchema?: S } = {},
): void {
  const response: Record<number, unknown> = {};
  for (const [status, spec] of Object.entries(endpoint.responses)) {
    if (spec && !isMediaResponse(spec)) response[Number(status)] = spec;
  }
  const { successSchema, limits: routeLimits = {}, ...routeExtras } = extras;
  if (successSchema) response[successResponse(endpoint).status] = successSchema;
  const schema: FastifySchema = {
    summary: endpoint.summary,
    tags: [...endpoint.tags],
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    // A multipart body is read by its handler as it streams in; only JSON has a schema here.
    ...(endpoint.body && !isMultipartBody(endpoint.body) ? { body: endpoint.body } : {}),
    ...(Object.keys(response).length > 0 ? { response } : {}),
  };
  const access = endpoint.access;
  const routeCheck =
    access.kind === 'permission' && access.check === 'route'
      ? async (request: FastifyRequest) => assertCan(request.principal(), access.permission)
      : undefined;
  const { config, onRequest, preHandler, ...rest } = routeExtras;
  // Registered by the API scope (app.ts); an app without it (a unit test's) runs unlimited.
  const limits = app.hasDecorator('requestLimits') ? app.requestLimits : null;
  const budget = routeLimits.write ?? (endpoint.method === 'GET' ? false : 'writes');
  const writeLimit = limits && budget ? [limits.writeHook(budget)] : [];
  const heavy = routeLimits.heavy ?? false;
  const run: EndpointHandler<E, unknown> =
    limits && heavy
      ? (request, reply) =>
          heavy === true || heavy(request)
            ? limits.heavy(request, () => handler(request, reply))
            : handler(request, reply)
      : handler;
  // A file or stream answer is sent as it is (compressed already, or streamed to the end).
  const sendsMedia = Object.values(endpoint.responses).some(
    (spec) => spec !== undefined && isMediaResponse(spec),
  );
  app.route({
    method: endpoint.method,
    url: routerPath(endpoint.path),
    schema,
    ...(sendsMedia ? { compress: false as const } : {}),
    config: {
      ...config,
      public: access.kind === 'public',
      endpoint,
      writeBudget: writeLimit.length > 0 ? budget : false,
      heavy: run === handler ? false : heavy === true || 'request',
    },
    // The role check runs before the body is parsed, so a role that may never call this
    // endpoint learns nothing from validation errors. Route hooks run after the scope's
    // authentication hook, so the principal is known.
    // The write budget counts after the role check and before the body is read.
    onRequest: [...(routeCheck ? [routeCheck] : []), ...writeLimit, ...asArray(onRequest)],
    ...(preHandler ? { preHandler } : {}),
    ...rest,
    handler: run as unknown as RouteOptions['handler'],
  });
}

function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
