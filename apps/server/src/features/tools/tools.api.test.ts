import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  OPTIONS_VALIDATION_LIMITS as L,
  OPTIONS_VALIDATION_MESSAGES as M,
  optionsValidationResponseSchema,
  roleKeys,
  type OptionsValidationResponse,
} from '@aerie/contract';
import {
  exampleOptionsContent,
  OPTIONS_FILE_MESSAGES as F,
  writeOptionsFile,
} from '@aerie/options-file';
import { multipartBody, type FormPart } from '../../test/multipart.js';
import { useApiContext } from '../../test/test-app.js';

const api = useApiContext({ fleet: false });
const URL = '/v2/tools/options/validate';

const good = writeOptionsFile({ ...exampleOptionsContent, softwareTarget: '5.3.0' });

/** The file with one line replaced and its checksum made right again (only the value is wrong). */
function withLine(from: string, to: string): string {
  const lines = good
    .replace(from, to)
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('END '));
  const hash = createHash('sha256');
  for (const l of lines) hash.update(`${l}\n`);
  return `${lines.join('\n')}\nEND sha256=${hash.digest('hex')}\n`;
}

const file = (fileName: string, text: string | Uint8Array): FormPart => ({
  name: L.field,
  fileName,
  content: text,
});

function post(parts: readonly FormPart[], role: (typeof roleKeys)[number] = 'credentialed') {
  const { payload, contentType } = multipartBody(parts);
  return api.ctx.app.inject({
    method: 'POST',
    url: URL,
    headers: { ...api.as(role), 'content-type': contentType },
    payload,
  });
}

const answer = (res: { json: () => unknown }): OptionsValidationResponse =>
  optionsValidationResponseSchema.parse(res.json());

describe('POST /v2/tools/options/validate', () => {
  it.each(roleKeys)('validates a file for %s (any signed-in user)', async (role) => {
    const res = await post([file('KYM-2411234.opt', good)], role);
    expect(res.statusCode, res.body).toBe(200);
    const body = answer(res);
    expect(body.totalFiles).toBe(1);
    expect(body.results[0]).toMatchObject({
      fileName: 'KYM-2411234.opt',
      isValid: true,
      error: null,
    });
    // Every field is answered; an acceptable one with a note carries its disclaimer.
    expect(body.results[0]!.fields).toContainEqual({
      field: 'antenna.serial',
      error: null,
      disclaimer: null,
    });
    expect(body.results[0]!.fields).toContainEqual({
      field: 'software.target',
      error: null,
      disclaimer: F.updateScheduled('5.3.0'),
    });
  });

  it('answers 401 without a token', async () => {
    const { payload, contentType } = multipartBody([file('a.opt', good)]);
    const res = await api.ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers each file in the order sent: valid ones and each kind of broken one', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const res = await post([
      file('good.opt', good),
      file('cut.opt', good.slice(0, good.indexOf('END'))),
      file('edited.opt', good.replace('private.mode=false', 'private.mode=true')),
      file('bad-value.opt', withLine('device.id=6f1c9a52', 'device.id=zz1c9a52')),
      file('notes.txt', good),
      file('empty.opt', ''),
      file('image.opt', png),
      file('archive.opt', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0])),
      file('huge.opt', new Uint8Array(L.maxFileBytes + 1).fill(0x41)),
      file('GOOD2.OPT', good),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = answer(res);
    expect(body.totalFiles).toBe(10);
    const summary = body.results.map((r) => [r.fileName, r.isValid, r.error]);
    expect(summary).toEqual([
      ['good.opt', true, null],
      ['cut.opt', false, F.truncated],
      ['edited.opt', false, F.checksum],
      ['bad-value.opt', false, null],
      ['notes.txt', false, M.notOptionsFile],
      ['empty.opt', false, F.empty],
      ['image.opt', false, F.notText],
      ['archive.opt', false, F.controlCharacter(1)],
      ['huge.opt', false, F.tooLarge],
      ['GOOD2.OPT', true, null],
    ]);
    // The field in error is named with why; the checksum error still lists what the file says.
    expect(body.results[3]!.fields.filter((f) => f.error)).toEqual([
      { field: 'device.id', error: F.uuid, disclaimer: null },
    ]);
    expect(body.results[2]!.fields).toContainEqual({
      field: 'private.mode',
      error: null,
      disclaimer: F.privateMode,
    });
    expect(body.results[4]!.fields).toEqual([]);
  });

  it('reads a file of exactly 64 KiB, and skips the rest of a larger one without keeping it', async () => {
    const padded = `${good.slice(0, good.indexOf('\n') + 1)}# ${'x'.repeat(900)}\n`;
    const exact = new Uint8Array(L.maxFileBytes).fill(0x20);
    exact.set(new TextEncoder().encode(padded));
    const res = await post([
      file('exact.opt', exact),
      file('big.opt', new Uint8Array(3 * 1024 * 1024).fill(0x41)),
      file('after.opt', good),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [exactResult, big, after] = answer(res).results;
    // Read and judged by its content (its lines), not refused for its size.
    expect(exactResult!.error).not.toBe(F.tooLarge);
    expect(big).toMatchObject({ fileName: 'big.opt', isValid: false, error: F.tooLarge });
    expect(after).toMatchObject({ fileName: 'after.opt', isValid: true });
  });

  it('lists a file part without a name as a file that is not .opt', async () => {
    const res = await post([
      {
        name: L.field,
        content: good,
        disposition: 'name="files"',
        contentType: 'application/octet-stream',
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(answer(res).results).toEqual([
      { fileName: '', isValid: false, error: M.notOptionsFile, fields: [] },
    ]);
  });

  it('keeps a file name as sent, in UTF-8', async () => {
    const res = await post([
      {
        name: L.field,
        content: good,
        disposition: `name="files"; filename*=UTF-8''Ant%C3%A9nne.opt`,
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(answer(res).results[0]).toMatchObject({ fileName: 'Anténne.opt', isValid: true });
  });

  describe('refuses a request it cannot answer file by file with 400 naming the field', () => {
    const refused = async (
      res: { statusCode: number; json: () => unknown; body: string },
      message: string,
      field: string = L.field,
    ) => {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, message, field });
    };

    it('no files', async () => {
      await refused(await post([]), M.noFiles);
    });

    it('a body that is not multipart (JSON, text, none)', async () => {
      await refused(
        await api.call('credentialed', 'POST', URL, { body: { files: ['a.opt'] } }),
        M.notMultipart,
      );
      await refused(
        await api.call('credentialed', 'POST', URL, {
          body: good,
          headers: { 'content-type': 'text/plain' },
        }),
        M.notMultipart,
      );
      await refused(await api.call('credentialed', 'POST', URL), M.notMultipart);
    });

    it(`more than ${L.maxFiles} files`, async () => {
      const files = Array.from({ length: L.maxFiles + 1 }, (_, i) => file(`f${i}.opt`, good));
      await refused(await post(files), M.tooManyFiles);
      const most = await post(files.slice(0, L.maxFiles));
      expect(most.statusCode).toBe(200);
      expect(answer(most).totalFiles).toBe(L.maxFiles);
    });

    it('a file name over the limit, or with a NUL or a line break', async () => {
      const long = `${'a'.repeat(L.maxFileNameLength - 3)}.opt`;
      await refused(await post([file(long, good)]), M.fileNameTooLong);
      const longest = await post([file(long.slice(1), good)]);
      expect(longest.statusCode).toBe(200);
      await refused(
        await post([
          { name: L.field, content: good, disposition: `name="files"; filename*=UTF-8''a%00.opt` },
        ]),
        M.fileNameControl,
      );
      await refused(
        await post([
          { name: L.field, content: good, disposition: `name="files"; filename*=UTF-8''a%1B.opt` },
        ]),
        M.fileNameControl,
      );
    });

    it('a part in another field, or text in the files field', async () => {
      await refused(
        await post([file('a.opt', good), { name: 'file', fileName: 'b.opt', content: good }]),
        M.unexpectedField('file'),
        'file',
      );
      await refused(
        await post([{ name: 'comment', content: 'hello' }]),
        M.unexpectedField('comment'),
        'comment',
      );
      await refused(await post([{ name: L.field, content: 'a.opt' }]), M.textInFilesField);
    });

    it('a malformed multipart body (cut short, no boundary)', async () => {
      const { payload, contentType } = multipartBody([file('a.opt', good)]);
      const cut = await api.ctx.app.inject({
        method: 'POST',
        url: URL,
        headers: { ...api.as('credentialed'), 'content-type': contentType },
        payload: payload.subarray(0, payload.length - 40),
      });
      await refused(cut, M.malformed);
      const noBoundary = await api.ctx.app.inject({
        method: 'POST',
        url: URL,
        headers: { ...api.as('credentialed'), 'content-type': 'multipart/form-data' },
        payload,
      });
      await refused(noBoundary, M.malformed);
    });
  });

  it('refuses a body over the request limit (413) or of no stated length (411) before reading it', async () => {
    const { payload, contentType } = multipartBody([file('a.opt', good)]);
    const big = await api.ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: {
        ...api.as('credentialed'),
        'content-type': contentType,
        'content-length': String(L.maxRequestBytes + 1),
      },
      payload: Readable.from([payload]),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ message: M.requestTooLarge });
    const chunked = await api.ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...api.as('credentialed'), 'content-type': contentType },
      payload: Readable.from([payload]),
    });
    expect(chunked.statusCode).toBe(411);
    expect(chunked.json()).toMatchObject({ message: M.lengthRequired });
  });

  it('streams over a real connection: a big file is skipped, too many files are refused', async () => {
    const address = await api.ctx.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const send = (files: { name: string; bytes: Uint8Array }[]) => {
        const form = new FormData();
        for (const f of files) form.append(L.field, new Blob([f.bytes]), f.name);
        return fetch(`${address}${URL}`, {
          method: 'POST',
          headers: api.as('accountAdmin'),
          body: form,
        });
      };
      const text = new TextEncoder().encode(good);
      const big = await send([
        { name: 'big.opt', bytes: new Uint8Array(8 * 1024 * 1024).fill(0x41) },
        { name: 'good.opt', bytes: text },
      ]);
      expect(big.status).toBe(200);
      const answered = optionsValidationResponseSchema.parse(await big.json());
      expect(answered.results.map((r) => [r.fileName, r.error])).toEqual([
        ['big.opt', F.tooLarge],
        ['good.opt', null],
      ]);
      const many = await send(
        Array.from({ length: L.maxFiles + 5 }, (_, i) => ({ name: `f${i}.opt`, bytes: text })),
      );
      expect(many.status).toBe(400);
      expect(await many.json()).toMatchObject({ message: M.tooManyFiles, field: L.field });
    } finally {
      api.ctx.app.server.closeAllConnections();
    }
  });

  it('reads multipart bodies on this route only: another write route still refuses them', async () => {
    const { payload, contentType } = multipartBody([file('a.opt', good)]);
    const res = await api.ctx.app.inject({
      method: 'POST',
      url: '/v2/users/me/searchHistory',
      headers: { ...api.as('credentialed'), 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(415);
  });

  it('counts against the write budget and is described as multipart in the OpenAPI document', async () => {
    const routes = api.ctx.app.registeredRoutes.filter((r) => r.url === URL);
    expect(routes.map((r) => [r.method, r.writeBudget])).toEqual([['POST', 'writes']]);
    const doc = (await api.ctx.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, { post: { requestBody: { content: Record<string, unknown> } } }>;
    }>();
    const multipart = doc.paths[URL]!.post.requestBody.content as {
      'multipart/form-data': {
        schema: { required: string[]; properties: Record<string, Record<string, unknown>> };
      };
    };
    expect(Object.keys(multipart)).toEqual(['multipart/form-data']);
    const { schema } = multipart['multipart/form-data'];
    expect(schema.required).toEqual(['files']);
    expect(schema.properties['files']).toMatchObject({
      type: 'array',
      minItems: 1,
      maxItems: L.maxFiles,
      items: { type: 'string', format: 'binary' },
    });
  });
});
