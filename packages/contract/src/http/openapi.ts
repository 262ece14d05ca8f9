import { z } from 'zod';
import { apiErrorSchema } from '../errors.js';
import { rolesWith } from '../roles.js';
import {
  isMediaResponse,
  isMultipartBody,
  pathParamNames,
  type Access,
  type EndpointDefinition,
  type MultipartBody,
  type RequestBodySpec,
  type ResponseSpec,
} from './endpoint.js';

/** A JSON Schema object as OpenAPI 3.1 embeds it (JSON Schema 2020-12). */
type JsonSchema = Record<string, unknown>;

export interface OpenApiOptions {
  title: string;
  version: string;
  description?: string;
  /** The identity provider's discovery document (sign-in and client credentials). */
  openIdConnectUrl: string;
}

const ERROR_STATUSES: Record<number, string> = {
  400: 'The request is invalid; `field` names the offending field',
  401: 'No valid bearer token',
  403: "The caller's role may not do this",
  404: "Not found, or outside the caller's accounts",
  409: 'The object is not in a state that allows this',
  429: 'Too many requests',
  502: 'An outside system (the satellite network hub) could not be reached',
  503: 'The portal is in maintenance',
};

/**
 * Schemas that zod hoists into `$defs` (recursive ones, such as JSON values) move to the
 * document's components, named by their content, and their `$ref`s follow.
 */
class Components {
  readonly schemas: Record<string, JsonSchema> = {};
  private readonly names = new Map<string, string>();

  add(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const json = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
      reused: 'inline',
    }) as JsonSchema;
    delete json.$schema;
    // A schema that refers to itself as a whole ("#") becomes a component of its own.
    if (JSON.stringify(json).includes('"$ref":"#"')) {
      const name = this.nameOf(JSON.stringify(json));
      const self = `#/components/schemas/${name}`;
      this.schemas[name] ??= this.hoist(json, (ref) => (ref === '#' ? self : undefined));
      return { $ref: self };
    }
    return this.hoist(json, () => undefined);
  }

  private nameOf(text: string): string {
    let name = this.names.get(text);
    if (!name) {
      name = `Schema${this.names.size + 1}`;
      this.names.set(text, name);
    }
    return name;
  }

  /** Moves `$defs` to the components and rewrites the references (and `extra` ones). */
  private hoist(json: JsonSchema, extra: (ref: string) => string | undefined): JsonSchema {
    const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
    delete json.$defs;
    const renamed = new Map<string, string>();
    for (const [local, def] of Object.entries(defs)) {
      renamed.set(local, this.nameOf(JSON.stringify(def)));
    }
    const rewrite = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (value && typeof value === 'object') {
        return Object.fromEntries(
          Object.entries(value).map(([k, v]) => {
            if (k === '$ref' && typeof v === 'string') {
              if (v.startsWith('#/$defs/')) {
                return [k, `#/components/schemas/${renamed.get(v.slice('#/$defs/'.length))}`];
              }
              return [k, extra(v) ?? v];
            }
            return [k, rewrite(v)];
          }),
        );
      }
      return value;
    };
    for (const [local, def] of Object.entries(defs)) {
      this.schemas[renamed.get(local)!] ??= rewrite(def) as JsonSchema;
    }
    return rewrite(json) as JsonSchema;
  }
}

function accessText(access: Access): string {
  switch (access.kind) {
    case 'public':
      return 'Public: no token needed.';
    case 'signedIn':
      return "Any signed-in caller; answers are limited to the caller's accounts.";
    case 'permission':
      return `Needs the permission \`${access.permission}\` (roles: ${rolesWith(access.permission).join(', ')}).`;
    case 'rule':
      return `Permission by rule: ${access.rule} (${access.permissions.map((p) => `\`${p}\``).join(', ')}).`;
  }
}

function parameters(
  components: Components,
  schema: z.ZodType | undefined,
  location: 'path' | 'query',
): JsonSchema[] {
  if (!schema) return [];
  const json = components.add(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

function responseObject(components: Components, status: number, spec: ResponseSpec): JsonSchema {
  if (isMediaResponse(spec)) {
    return {
      description: spec.description,
      content: { [spec.media]: { schema: { type: 'string', format: 'binary' } } },
    };
  }
  if (status === 204) return { description: 'No content' };
  return {
    description: 'Success',
    content: { 'application/json': { schema: components.add(spec, 'output') } },
  };
}

/** A file part: its bytes as they are (OpenAPI 3.1's `contentMediaType`; `binary` for 3.0 tools). */
const FILE_PART: JsonSchema = {
  type: 'string',
  format: 'binary',
  contentMediaType: 'application/octet-stream',
};

function multipartSchema({ multipart }: MultipartBody): JsonSchema {
  const files = multipart.multiple
    ? {
        type: 'array',
        items: FILE_PART,
        minItems: 1,
        ...(multipart.maxFiles ? { maxItems: multipart.maxFiles } : {}),
      }
    : FILE_PART;
  return {
    type: 'object',
    properties: { [multipart.field]: { ...files, description: multipart.description } },
    required: [multipart.field],
  };
}

function requestBody(components: Components, body: RequestBodySpec): JsonSchema {
  if (isMultipartBody(body)) {
    return {
      required: true,
      description: body.multipart.description,
      content: { 'multipart/form-data': { schema: multipartSchema(body) } },
    };
  }
  return {
    required: !body.safeParse(undefined).success,
    content: { 'application/json': { schema: components.add(body, 'input') } },
  };
}

function operationId(e: EndpointDefinition): string {
  const words = e.path
    .replace(/\{([^}]+)\}/g, 'by-$1')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [e.method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/**
 * The OpenAPI 3.1 document of the API, generated from the endpoint declarations: one operation
 * per endpoint, request and response schemas from the contract's zod schemas, the access rule
 * in the description and in `x-aerie-access`.
 */
export function buildOpenApiDocument(
  endpoints: readonly EndpointDefinition[],
  options: OpenApiOptions,
): JsonSchema {
  const components = new Components();
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const tags = new Set<string>();
  for (const e of endpoints) {
    e.tags.forEach((t) => tags.add(t));
    const operation: JsonSchema = {
      operationId: operationId(e),
      summary: e.summary,
      description: [e.description, accessText(e.access)].filter(Boolean).join('\n\n'),
      tags: [...e.tags],
      'x-aerie-access': e.access,
      parameters: [
        ...parameters(components, e.params, 'path').filter((p) =>
          pathParamNames(e.path).includes(p.name as string),
        ),
        ...parameters(components, e.query, 'query'),
      ],
      responses: {
        ...Object.fromEntries(
          Object.entries(e.responses).map(([status, spec]) => [
            status,
            responseObject(components, Number(status), spec),
          ]),
        ),
        ...Object.fromEntries(
          Object.entries(ERROR_STATUSES)
            .filter(([status]) => e.access.kind !== 'public' || status !== '401')
            .map(([status, description]) => [
              status,
              {
                description,
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
              },
            ]),
        ),
      },
      ...(e.access.kind === 'public' ? { security: [] } : {}),
    };
    if (e.body) operation.requestBody = requestBody(components, e.body);
    const methods = (paths[e.path] ??= {});
    const key = e.method.toLowerCase();
    if (methods[key]) throw new Error(`${e.method} ${e.path} is declared twice`);
    methods[key] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: options.title,
      version: options.version,
      ...(options.description ? { description: options.description } : {}),
    },
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...components.schemas, Error: components.add(apiErrorSchema, 'output') },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        openIdConnect: { type: 'openIdConnect', openIdConnectUrl: options.openIdConnectUrl },
      },
    },
    security: [{ bearer: [] }, { openIdConnect: [] }],
  };
}
