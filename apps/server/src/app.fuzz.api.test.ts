import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  allEndpoints,
  api as contract,
  isMultipartBody,
  pathParamNames,
  type EndpointDefinition,
} from '@aerie/contract';
import { multipartBody } from './test/multipart.js';
import { useApiContext } from './test/test-app.js';

/**
 * Every operation of the contract, called by an authorised user (Super User holds every
 * permission) with inputs generated from its own schemas and then spoiled: text with NUL or lone
 * surrogates, huge strings, deep nesting, wrong types, extreme numbers, malformed JSON. No answer
 * may be a 5xx, and the server must still answer `/status` afterwards (docs/security.md).
 *
 * Bounded: FUZZ_RUNS inputs per operation (12 by default), one server for the file. A failure
 * prints fast-check's seed and the shrunk request; FUZZ_SEED replays it.
 */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 12);
const SEED = process.env['FUZZ_SEED'] ? Number(process.env['FUZZ_SEED']) : undefined;

const api = useApiContext({
  fleet: { deviceCount: 25, accountCount: 3, metricDays: 1 },
  // Hub jobs queued by fuzzed device commands end at once instead of lingering.
  env: { HUB_SIMULATOR_DELAY_MS: '0' },
});

/** Ids that exist, so generated paths reach past the lookups into the handlers. */
let knownIds: string[] = [];

beforeAll(async () => {
  const rows = await api.rows<{ id: string }>(
    `(select id::text from devices order by id limit 3)
     union all (select id::text from subscriptions order by id limit 2)
     union all (select id::text from accounts order by id limit 2)
     union all (select id::text from zones order by id limit 2)`,
  );
  knownIds = rows.map((r) => r.id);
});

// ---------------------------------------------------------------------------------------------
// Spoiled values.

function nested(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

const hostileText = fc.oneof(
  fc.string({ maxLength: 8 }).map((s) => `${s}\u0000${s}`),
  fc.constantFrom('\ud800', 'a\udfff', '\udbff\ud800b', '\udc00'),
  fc.constantFrom('x'.repeat(20_000), '😀'.repeat(3_000), ' '.repeat(500)),
  fc.constantFrom('', ' ', '%', '%00', '../../etc/passwd', "'; drop table users; --", '\\'),
  fc.constantFrom('1e309', 'NaN', '-0', '0x1F', '9'.repeat(40), 'true', 'null', '[]', '{}'),
);

const extremeNumber = fc.constantFrom(
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.MAX_SAFE_INTEGER + 2,
  -(2 ** 63),
  2 ** 31,
  2 ** 64,
  1e21,
  -1,
  0,
  -0,
  0.5,
);

const wrongType = fc.oneof(
  fc.boolean(),
  fc.constant(null),
  extremeNumber,
  fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), { maxKeys: 3 }),
  fc.constantFrom(nested(40), nested(300)),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(hostileText, extremeNumber, wrongType);

/** A value from the schema most of the time, a spoiled one sometimes. */
function spoil<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: arb, weight: 4 }, { arbitrary: hostileValue, weight: 1 });
}

// ---------------------------------------------------------------------------------------------
// Values from a schema (its JSON Schema, as the OpenAPI document has it).

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  $ref?: string;
}

const anyJson = fc.jsonValue({ maxDepth: 2 });

function stringOf(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === 'uuid') return fc.oneof(fc.uuid(), fc.constantFrom(...knownIds));
  if (s.format === 'date-time')
    return fc
      .date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern));
    } catch {
      // A pattern fast-check cannot read: any text.
    }
  }
  const minLength = s.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(s.maxLength ?? 24, 24)) });
}

function valueOf(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6 || s.$ref) return anyJson;
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => valueOf(a, depth + 1)));
  if (s.allOf?.[0]) return valueOf(s.allOf[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (type.length > 1) return fc.oneof(...type.map((t) => valueOf({ ...s, type: t }, depth + 1)));
  switch (type[0]) {
    case 'string':
      return stringOf(s);
    case 'integer':
      return fc.integer({
        min: Math.max(s.minimum ?? -1e6, -1e6),
        max: Math.min(s.maximum ?? 1e6, 1e6),
      });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      if (s.prefixItems) return fc.tuple(...s.prefixItems.map((p) => spoil(valueOf(p, depth + 1))));
      return fc.array(spoil(s.items ? valueOf(s.items, depth + 1) : anyJson), {
        minLength: Math.min(s.minItems ?? 0, 3),
        maxLength: Math.min(s.maxItems ?? 3, 3),
      });
    case 'object': {
      const props = s.properties ?? {};
      const shape = Object.fromEntries(
        Object.entries(props).map(([k, p]) => [k, spoil(valueOf(p, depth + 1))]),
      );
      const required = (s.required ?? []).filter((k) => k in shape);
      const known = fc.record(shape, { requiredKeys: required });
      // Sometimes a key the schema does not know, sometimes one that is spoiled itself.
      return fc
        .tuple(known, fc.option(fc.tuple(fc.oneof(fc.string(), hostileText), hostileValue)))
        .map(([value, extra]) => (extra ? { ...value, [extra[0]]: extra[1] } : value));
    }
    default:
      return anyJson;
  }
}

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

// ---------------------------------------------------------------------------------------------
// Requests.

/** Percent-encodes the UTF-8 of a text (a lone surrogate becomes U+FFFD, as a browser sends). */
function encode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((b) =>
      (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a)
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

type Body =
  | { json: unknown }
  | { raw: string }
  | { multipart: { payload: Buffer; contentType: string } }
  | null;

interface FuzzRequest {
  url: string;
  body: Body;
}

const malformedJson = fc.constantFrom(
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '"\\ud800"',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  '\u0000',
  '',
);

/** Multipart bodies of files: the field or another, hostile names and bytes, cut short. */
function multipartOf(field: string): fc.Arbitrary<Body> {
  const part = fc.record({
    name: fc.oneof(
      { arbitrary: fc.constant(field), weight: 4 },
      { arbitrary: hostileText, weight: 1 },
    ),
    fileName: fc.option(fc.oneof(fc.constantFrom('a.opt', 'b.txt', '', 'c.OPT'), hostileText), {
      freq: 5,
    }),
    content: fc.oneof(
      fc.uint8Array({ maxLength: 300 }),
      fc.string({ maxLength: 300 }),
      fc.constant(new Uint8Array(70 * 1024)),
    ),
  });
  return fc
    .tuple(fc.array(part, { maxLength: 4 }), fc.option(fc.double({ min: 0, max: 1, noNaN: true })))
    .map(([parts, cut]) => {
      const body = multipartBody(
        parts.map((p) => ({
          name: p.name,
          content: p.content,
          ...(p.fileName === null ? {} : { fileName: p.fileName }),
        })),
      );
      const payload =
        cut === null
          ? body.payload
          : body.payload.subarray(0, Math.floor(cut * body.payload.length));
      return { multipart: { payload, contentType: body.contentType } };
    });
}

function requestOf(e: EndpointDefinition): fc.Arbitrary<FuzzRequest> {
  const names = pathParamNames(e.path);
  const paramShape = e.params ? (jsonSchemaOf(e.params).properties ?? {}) : {};
  const params = fc.tuple(
    ...names.map((name) =>
      fc.oneof(
        { arbitrary: valueOf(paramShape[name] ?? { type: 'string' }).map(String), weight: 3 },
        { arbitrary: fc.constantFrom(...knownIds), weight: 2 },
        { arbitrary: hostileText, weight: 2 },
      ),
    ),
  );
  const queryShape = e.query ? (jsonSchemaOf(e.query).properties ?? {}) : {};
  const query = fc.tuple(
    ...Object.entries(queryShape).map(([name, s]) =>
      fc.option(
        fc.tuple(
          fc.constant(name),
          fc.oneof(
            valueOf(s).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
            hostileText,
          ),
        ),
      ),
    ),
    fc.option(fc.tuple(fc.string({ maxLength: 6 }), hostileText)),
  );
  const body: fc.Arbitrary<Body> =
    e.body && isMultipartBody(e.body)
      ? fc.oneof(
          { arbitrary: multipartOf(e.body.multipart.field), weight: 6 },
          { arbitrary: anyJson.map((json) => ({ json })), weight: 1 },
          { arbitrary: fc.constant(null), weight: 1 },
        )
      : e.body
        ? fc.oneof(
            { arbitrary: valueOf(jsonSchemaOf(e.body)).map((json) => ({ json })), weight: 6 },
            { arbitrary: hostileValue.map((json) => ({ json })), weight: 1 },
            { arbitrary: malformedJson.map((raw) => ({ raw })), weight: 1 },
            { arbitrary: fc.constant(null), weight: 1 },
          )
        : fc.oneof(
            { arbitrary: fc.constant(null), weight: 3 },
            { arbitrary: anyJson.map((json) => ({ json })), weight: 1 },
          );
  return fc.tuple(params, query, body).map(([values, pairs, b]) => {
    let path = e.path;
    names.forEach((name, i) => {
      path = path.replace(`{${name}}`, encode(values[i] ?? ''));
    });
    const search = pairs
      .filter((p): p is [string, string] => p !== null)
      .map(([k, v]) => `${encode(k)}=${encode(v)}`)
      .join('&');
    return { url: search ? `${path}?${search}` : path, body: b };
  });
}

function send(e: EndpointDefinition, request: FuzzRequest) {
  const { body } = request;
  if (body && 'multipart' in body) {
    return api.ctx.app.inject({
      method: e.method,
      url: request.url,
      headers: { ...api.as('superUser'), 'content-type': body.multipart.contentType },
      payload: body.multipart.payload,
    });
  }
  const payload =
    body === null ? undefined : 'raw' in body ? body.raw : (JSON.stringify(body.json) ?? 'null');
  return api.ctx.app.inject({
    method: e.method,
    url: request.url,
    headers: {
      ...api.as('superUser'),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

const LIVE = contract.notifications.live;
const injected = allEndpoints.filter((e) => e !== LIVE);

describe('every operation of the contract survives malformed input (no 5xx)', () => {
  it('covers every endpoint of the contract', () => {
    expect(injected.length + 1).toBe(allEndpoints.length);
  });

  it.each(injected.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s',
    async (_name, e) => {
      await fc.assert(
        fc.asyncProperty(requestOf(e), async (request) => {
          const res = await send(e, request);
          if (res.statusCode >= 500)
            throw new Error(`${e.method} ${request.url} answered ${res.statusCode}: ${res.body}`);
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
    },
    60_000,
  );

  describe('the live stream (over HTTP: it never ends by itself)', () => {
    let base = '';
    beforeAll(async () => {
      await api.ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const address = api.ctx.app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      base = `http://127.0.0.1:${address.port}`;
    });
    afterAll(() => api.ctx.app.server.closeAllConnections());

    it(`${LIVE.method} ${LIVE.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(requestOf(LIVE), async (request) => {
          const controller = new AbortController();
          const res = await fetch(`${base}${request.url}`, {
            headers: api.as('superUser'),
            signal: controller.signal,
          });
          controller.abort();
          expect(res.status).toBeLessThan(500);
        }),
        { numRuns: Math.min(RUNS, 5), ...(SEED === undefined ? {} : { seed: SEED }) },
      );
    });
  });

  it('leaves the server answering /status', async () => {
    const res = await api.ctx.app.inject({ method: 'GET', url: '/status' });
    expect(res.statusCode).toBe(200);
  });
});
