import { deviceListQuerySchema, type DeviceListQuery } from '@aerie/contract';
import { describe, expect, it } from 'vitest';
import { recordingPool } from '../../test/recording-pool.js';
import { parseDeviceQuery } from './device-query.js';
import { createDevicesRepository } from './devices.repository.js';

/** The statement name the page query was sent with (undefined: not prepared). */
async function pageStatementName(
  preparedStatements: boolean,
  query: Partial<Record<keyof DeviceListQuery, string>>,
  scope: { all: true } | { all: false; accountIds: string[] } = { all: true },
): Promise<string | undefined> {
  const { pool, sent } = recordingPool();
  const repo = createDevicesRepository(pool, { preparedStatements });
  await repo.page(scope, parseDeviceQuery(deviceListQuerySchema.parse(query)));
  return sent[0]?.name;
}

describe('device list page: prepared statements', () => {
  it('prepares the first ten pages at the portal page sizes, named by their text', async () => {
    const first = await pageStatementName(true, {});
    expect(first).toMatch(/^devices_page_[0-9a-f]{40}$/);
    expect(await pageStatementName(true, {})).toBe(first);
    expect(await pageStatementName(true, { take: '25', skip: '225' })).toMatch(/^devices_page_/);
    expect(await pageStatementName(true, { sortDirection: 'DESC' })).not.toBe(first);
  });

  it("plans an account tree's page each time (a generic plan would walk the whole index for a small tree)", async () => {
    const northwind = '2f0c1a7e-5d0b-4c39-9a51-7a3f0f1b2c3d';
    expect(
      await pageStatementName(true, {}, { all: false, accountIds: [northwind] }),
    ).toBeUndefined();
    expect(await pageStatementName(true, { filters: `AccountId:${northwind}` })).toBeUndefined();
  });

  it('plans free text, odd page sizes and deep pages each time (a bounded set of statements)', async () => {
    expect(await pageStatementName(true, { query: 'Pilbara' })).toBeUndefined();
    expect(await pageStatementName(true, { take: '37' })).toBeUndefined();
    expect(await pageStatementName(true, { take: '50', skip: '500' })).toBeUndefined();
    expect(await pageStatementName(true, { take: '50', skip: '25' })).toBeUndefined();
  });

  it('never prepares on PGlite (its one session outlives the pool client that prepared)', async () => {
    expect(await pageStatementName(false, {})).toBeUndefined();
  });

  it('prepares the page of ids for every caller (one plan suits any ids; the scope is checked on the row)', async () => {
    const { pool, sent } = recordingPool();
    const repo = createDevicesRepository(pool, { preparedStatements: true });
    const fields = parseDeviceQuery(deviceListQuerySchema.parse({})).fields;
    await repo.rowsByIds({ all: true }, ['a'], fields);
    await repo.rowsByIds({ all: false, accountIds: ['x'] }, ['a'], fields);
    expect(sent.map((s) => s.name)).toEqual([
      expect.stringMatching(/^devices_rows_/),
      expect.stringMatching(/^devices_rows_/),
    ]);
    expect(sent[0]!.name).not.toBe(sent[1]!.name);
  });
});
