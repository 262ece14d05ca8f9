import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The response serializer of hot list routes whose presenter builds the contract's shape field
 * by field (typed by the contract's zod type): plain `JSON.stringify`, without the second zod
 * pass that `fastify-type-provider-zod` runs on every response. On a page of 50 devices that
 * pass costs more than the JSON itself. The route keeps its response schema (types, OpenAPI),
 * and an API test parses the route's answers with the contract schema and checks that nothing
 * was added or dropped. Use it per route (`serializerCompiler: presentedJson`), not globally.
 */
export const presentedJson = () => (data: unknown) => JSON.stringify(data);

/**
 * The JSON text of a contract shape `T`, written by a presenter (and PostgreSQL) rather than
 * serialized from an object: a hot route sends it as it is (`reply.type(JSON).send(text)`).
 * The brand keeps one route's text from being sent as another's; an API test parses the route's
 * answers with the contract schema.
 */
export type JsonText<T> = string & { readonly jsonOf?: T };

/** Marks text written as the JSON of `T` (see {@link JsonText}). */
export const jsonText = <T>(text: string): JsonText<T> => text;

const NON_ASCII = /[\u0080-\uffff]/g;
const escapeUnicode = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * `JSON.stringify` with every character beyond ASCII written as a `\uXXXX` escape: the same
 * JSON once parsed, but a text V8 keeps one byte a character. One name with an en dash in a
 * page otherwise written in ASCII made the whole answer a two-byte string (flattened and
 * encoded again on the way out): about 40% of a device list page's CPU (decision 019).
 */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(NON_ASCII, escapeUnicode);
}

type Serializer = (data: unknown) => string;
type SerializerCompiler = (route: {
  schema: unknown;
  method: string;
  url: string;
  httpStatus?: string;
}) => Serializer;

/** Why a schema is serialized by zod rather than compiled (for the test that lists them). */
export type CompileOutcome = { compiled: true } | { compiled: false; reason: string };

/**
 * Compiles a zod response schema to a serializer the way Fastify does for JSON Schema: the
 * schema as JSON Schema (draft-07), compiled by fast-json-stringify, which writes exactly the
 * declared properties with their declared types and refuses a missing required one. Several
 * times cheaper than a zod parse followed by `JSON.stringify`.
 *
 * A schema whose output differs from its input (transforms, defaults, pipes) or that JSON
 * Schema cannot express is left to zod, so the answer is always the schema's output.
 */
export function compileResponseSchema(schema: z.ZodType): {
  serialize: Serializer | null;
  outcome: CompileOutcome;
} {
  try {
    const options = { target: 'draft-7', unrepresentable: 'throw', reused: 'inline' } as const;
    const output = z.toJSONSchema(schema, { ...options, io: 'output' });
    const input = z.toJSONSchema(schema, { ...options, io: 'input' });
    // Objects differ only in `additionalProperties` (closed on output); anything else is a
    // transform, a default or a pipe that only zod can apply.
    if (withoutClosedObjects(output) !== withoutClosedObjects(input)) {
      return { serialize: null, outcome: { compiled: false, reason: 'output differs from input' } };
    }
    const serialize = fastJson(simplifyNullable(output) as Parameters<typeof fastJson>[0]);
    return { serialize, outcome: { compiled: true } };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { serialize: null, outcome: { compiled: false, reason } };
  }
}

/**
 * `anyOf: [{ type: 'string', ... }, { type: 'null' }]` (zod's `.nullable()`) becomes
 * `type: ['string', 'null']`: fast-json-stringify picks an `anyOf` branch by validating the
 * value with Ajv on every write, a type list it switches on without validating.
 */
function simplifyNullable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplifyNullable);
  if (!schema || typeof schema !== 'object') return schema;
  const node = Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [k, simplifyNullable(v)]),
  ) as Record<string, unknown>;
  const anyOf = node.anyOf as Record<string, unknown>[] | undefined;
  if (anyOf?.length === 2) {
    const nullIndex = anyOf.findIndex((b) => b.type === 'null' && Object.keys(b).length === 1);
    const other = anyOf[1 - nullIndex];
    const scalar = ['string', 'number', 'integer', 'boolean'];
    if (nullIndex >= 0 && other && typeof other.type === 'string' && scalar.includes(other.type)) {
      const rest = Object.fromEntries(Object.entries(node).filter(([k]) => k !== 'anyOf'));
      const { format: _format, ...kept } = other;
      return { ...rest, ...kept, type: [other.type, 'null'] };
    }
  }
  return node;
}

function withoutClosedObjects(schema: unknown): string {
  return JSON.stringify(schema, (key, value: unknown) =>
    key === 'additionalProperties' && value === false ? undefined : value,
  );
}

const zodSerializer = zodSerializerCompiler as unknown as SerializerCompiler;

/**
 * The app's response serializer: compiled from the zod schema where it can be
 * ({@link compileResponseSchema}), else the zod pass of `fastify-type-provider-zod`.
 */
export const compiledSerializerCompiler: SerializerCompiler = (route) => {
  if (route.schema instanceof z.ZodType) {
    const { serialize } = compileResponseSchema(route.schema);
    if (serialize) return serialize;
  }
  return zodSerializer(route);
};

/** Typed for `app.setSerializerCompiler`. */
export const responseSerializerCompiler =
  compiledSerializerCompiler as unknown as FastifySerializerCompiler<z.ZodType>;
