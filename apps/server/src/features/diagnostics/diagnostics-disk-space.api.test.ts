import { readdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIAGNOSTICS_LIMITS as L, diagnosticFileListSchema } from '@aerie/contract';
import type { ParsedKeyring } from '@aerie/kdp';
import { deviceWithAntenna, packBundle, upload } from '../../test/diagnostic-bundles.js';
import { useApiContext } from '../../test/test-app.js';
import { DIAGNOSTICS_SERVER_MESSAGES as S } from './diagnostics.messages.js';

/** A reserve no disk has free: every upload finds the disk too full (decision 039). */
const api = useApiContext({ env: { DIAGNOSTICS_MIN_FREE_BYTES: String(10 ** 15) } });

let keys: ParsedKeyring;
let serial: string;

beforeAll(async () => {
  keys = await api.ctx.app.services.diagnostics.keyring();
  serial = (await deviceWithAntenna(api, 'northwind')).antennaSerial;
});

describe('POST /v2/storage/diagnostics/{serial} with the disk short of its reserve', () => {
  it('refuses the upload with 507 naming the file field, storing and queuing nothing', async () => {
    const bundle = await packBundle(keys, {
      antennaSerial: serial,
      takenAt: new Date('2026-11-20T08:00:00Z'),
    });
    const res = await upload(api, 'superUser', serial, bundle.fileName, bundle.bytes);
    expect(res.statusCode, res.body).toBe(507);
    expect(res.json()).toMatchObject({
      statusCode: 507,
      message: S.noSpaceForUpload,
      field: L.fileField,
    });
    const list = await api.call('superUser', 'GET', `/v2/storage/diagnostics/${serial}/items`);
    expect(diagnosticFileListSchema.parse(list.json()).items).toEqual([]);
    const staged = await readdir(api.ctx.config.blobDir, { recursive: true }).catch(() => []);
    expect(staged.filter((name) => name.includes('uploads/'))).toEqual([]);
    expect(await readdir(api.ctx.config.diagnostics.quarantineDir).catch(() => [])).toEqual([]);
  });
});
