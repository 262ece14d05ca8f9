import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, allEndpoints } from '../endpoints/index.js';
import { endpoint, endpointUrl, multipartFiles, routerPath, successResponse } from './endpoint.js';
import { buildOpenApiDocument } from './openapi.js';

const item = endpoint({
  method: 'GET',
  path: '/v2/things/{id}/parts/{part}',
  tags: ['things'],
  summary: 'A part',
  access: { kind: 'signedIn' },
  params: z.object({ id: z.string(), part: z.string() }),
  query: z.object({ take: z.coerce.number().optional(), ids: z.array(z.string()).optional() }),
  responses: { 200: z.object({ ok: z.boolean() }) },
});

describe('endpoint', () => {
  it('refuses a path parameter its params schema does not name', () => {
    expect(() =>
      endpoint({
        method: 'GET',
        path: '/v2/things/{id}',
        tags: ['things'],
        summary: 'x',
        access: { kind: 'public' },
        responses: { 200: z.null() },
      }),
    ).toThrow('params has no "id"');
  });

  it('fills path parameters URI-encoded and appends the query without empty values', () => {
    expect(
      endpointUrl(item, { id: 'a/b c', part: 'é' }, { take: 5, ids: ['x', 'y'], skip: undefined }),
    ).toBe('/v2/things/a%2Fb%20c/parts/%C3%A9?take=5&ids=x&ids=y');
    expect(endpointUrl(item, { id: '1', part: '2' }, {})).toBe('/v2/things/1/parts/2');
    expect(() => endpointUrl(item, { id: '1' })).toThrow('missing path parameter "part"');
  });

  it("turns the path into the router's syntax and finds the success answer", () => {
    expect(routerPath(item.path)).toBe('/v2/things/:id/parts/:part');
    expect(successResponse(item).status).toBe(200);
    expect(successResponse(api.jobs.get).status).toBe(200);
  });

  it('declares no method and path twice', () => {
    const keys = allEndpoints.map((e) => `${e.method} ${routerPath(e.path)}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('buildOpenApiDocument', () => {
  it('moves recursive schemas to components and references them there', () => {
    const doc = buildOpenApiDocument(
      [
        endpoint({
          method: 'POST',
          path: '/v2/json',
          tags: ['json'],
          summary: 'Echo JSON',
          access: { kind: 'permission', permission: 'cache.clear', check: 'route' },
          body: z.json(),
          responses: { 200: z.json() },
        }),
      ],
      { title: 'T', version: '1', openIdConnectUrl: 'http://x/.well-known/openid-configuration' },
    );
    const text = JSON.stringify(doc);
    expect(text).not.toContain('#/$defs/');
    expect(text).toContain('"$ref":"#/components/schemas/Schema1"');
    const op = (doc.paths as Record<string, Record<string, { description: string }>>)['/v2/json']!
      .post!;
    expect(op.description).toContain('`cache.clear` (roles: superUser, providerAdmin)');
  });

  it('describes a multipart body of files as multipart/form-data, not JSON', () => {
    const doc = buildOpenApiDocument(
      [
        endpoint({
          method: 'POST',
          path: '/v2/upload',
          tags: ['upload'],
          summary: 'Upload',
          access: { kind: 'signedIn' },
          body: multipartFiles('files', { multiple: true, maxFiles: 3, description: 'The files' }),
          responses: { 200: z.null() },
        }),
      ],
      { title: 'T', version: '1', openIdConnectUrl: 'http://x/.well-known/openid-configuration' },
    );
    const op = (doc.paths as Record<string, Record<string, { requestBody: unknown }>>)[
      '/v2/upload'
    ]!.post!;
    expect(op.requestBody).toEqual({
      required: true,
      description: 'The files',
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              files: {
                type: 'array',
                items: {
                  type: 'string',
                  format: 'binary',
                  contentMediaType: 'application/octet-stream',
                },
                minItems: 1,
                maxItems: 3,
                description: 'The files',
              },
            },
            required: ['files'],
          },
        },
      },
    });
  });
});
