import { describe, expect, it } from 'vitest';
import { isStaffRole, roleCan, roleKeys, type ZonePoint } from '@aerie/contract';
import { inScope, type AccountScope } from '../../plugins/tenancy.js';
import {
  authorizeOver,
  CHILD_ACCOUNT,
  OTHER_ACCOUNT,
  OWN_ACCOUNT,
  principalOf,
} from '../../test/service-fakes.js';
import { ZONE_MESSAGES } from './zones.messages.js';
import type { ZoneRow, ZonesRepository, ZoneValues } from './zones.repository.js';
import { createZonesService, openRing } from './zones.service.js';

const MISSING_ACCOUNT = '0a000000-0000-4000-8000-0000000000ff';
const SQUARE: ZonePoint[] = [
  [0, 0],
  [0, 1],
  [1, 1],
  [1, 0],
];
const WRITERS = roleKeys.filter((r) => roleCan(r, 'devices.configure'));
const READ_ONLY = roleKeys.filter((r) => !roleCan(r, 'devices.configure'));

/** The zones repository over an in-memory table, filtered by scope as the SQL is. */
function fakeRepository(rows: ZoneRow[]) {
  const writes: string[] = [];
  const visible = (scope: AccountScope, id: string) =>
    rows.find((r) => r.id === id && inScope(scope, r.accountId)) ?? null;
  const row = (id: string, values: ZoneValues): ZoneRow => ({
    id,
    accountId: values.accountId,
    accountName: `Account ${values.accountId.slice(-1)}`,
    name: values.name,
    coordinates: [...values.coordinates],
    createdBy: null,
    createdAt: new Date('2026-11-22T12:00:00Z'),
    updatedAt: new Date('2026-11-22T12:00:00Z'),
  });
  const repo: ZonesRepository = {
    async list(scope, q) {
      const mine = rows.filter(
        (r) => inScope(scope, r.accountId) && (!q.accountId || r.accountId === q.accountId),
      );
      return { rows: mine.slice(q.skip, q.skip + q.take), total: mine.length };
    },
    findById: async (scope, id) => visible(scope, id),
    async create(values) {
      if (values.accountId === MISSING_ACCOUNT) return 'no-account';
      if (rows.some((r) => r.accountId === values.accountId && r.name === values.name))
        return 'duplicate';
      writes.push(`create ${values.name}`);
      const created = row(`zone-${rows.length + 1}`, values);
      rows.push(created);
      return created;
    },
    async update(scope, id, values) {
      const current = visible(scope, id);
      if (!current) return 'not-found';
      writes.push(`update ${id}`);
      Object.assign(current, row(id, values));
      return current;
    },
    accountOf: async (scope, id) => visible(scope, id)?.accountId ?? null,
    async remove(scope, id) {
      const current = visible(scope, id);
      if (!current) return false;
      writes.push(`remove ${id}`);
      rows.splice(rows.indexOf(current), 1);
      return true;
    },
  };
  return { repo, writes };
}

function setUp() {
  const base = (id: string, accountId: string, name: string): ZoneRow => ({
    id,
    accountId: accountId,
    accountName: accountId === OTHER_ACCOUNT ? 'Other' : 'Own',
    name,
    coordinates: SQUARE,
    createdBy: null,
    createdAt: new Date('2026-11-22T12:00:00Z'),
    updatedAt: new Date('2026-11-22T12:00:00Z'),
  });
  const fake = fakeRepository([
    base('own-zone', OWN_ACCOUNT, 'Harbour'),
    base('child-zone', CHILD_ACCOUNT, 'Dock'),
    base('other-zone', OTHER_ACCOUNT, 'Elsewhere'),
  ]);
  return { ...fake, service: createZonesService(fake.repo, authorizeOver()) };
}

const write = { name: 'Bay', coordinates: SQUARE };
type Role = (typeof roleKeys)[number];
/** Zone ids a role does not see: a missing one, and for the account roles another account's. */
const unseenZones = (role: Role) => (isStaffRole(role) ? ['missing'] : ['missing', 'other-zone']);

describe('zones service: 404 outside the caller’s accounts, then 403', () => {
  it('lists the zones of the caller’s accounts only; staff see all', async () => {
    const { service } = setUp();
    const names = async (role: Role) =>
      (await service.list(principalOf(role), { skip: 0, take: 50 })).items.map((z) => z.name);
    expect(await names('accountAdmin')).toEqual(['Harbour', 'Dock']);
    expect(await names('credentialed')).toEqual(['Harbour', 'Dock']);
    expect(await names('salesSupport')).toEqual(['Harbour', 'Dock', 'Elsewhere']);
  });

  it.each(roleKeys)(
    'answers %s 404 for every zone it does not see, and writes nothing',
    async (role) => {
      const { service, writes } = setUp();
      const p = principalOf(role);
      for (const id of unseenZones(role)) {
        const notFound = { statusCode: 404, message: ZONE_MESSAGES.notFound };
        await expect(service.get(p, id), id).rejects.toMatchObject(notFound);
        await expect(service.update(p, id, write), id).rejects.toMatchObject(notFound);
        await expect(service.remove(p, id), id).rejects.toMatchObject(notFound);
      }
      expect(writes).toEqual([]);
    },
  );

  it.each(READ_ONLY)('answers %s 403 for a zone it sees but may not change', async (role) => {
    const { service, writes } = setUp();
    const p = principalOf(role);
    expect((await service.get(p, 'child-zone')).name).toBe('Dock');
    await expect(service.update(p, 'child-zone', write)).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(service.remove(p, 'child-zone')).rejects.toMatchObject({ statusCode: 403 });
    await expect(service.create(p, write)).rejects.toMatchObject({ statusCode: 403 });
    expect(writes).toEqual([]);
  });

  it.each(WRITERS)('lets %s create, change and delete a zone of its accounts', async (role) => {
    const { service, writes } = setUp();
    const p = principalOf(role);
    const created = await service.create(p, { ...write, accountId: CHILD_ACCOUNT });
    expect(created).toMatchObject({ name: 'Bay', accountId: CHILD_ACCOUNT });
    expect((await service.update(p, 'own-zone', { ...write, name: 'Quay' })).name).toBe('Quay');
    await service.remove(p, 'own-zone');
    expect(writes).toEqual(['create Bay', 'update own-zone', 'remove own-zone']);
  });
});

describe('zones service: the account a zone is written to', () => {
  const accountNotFound = { statusCode: 404, message: ZONE_MESSAGES.accountNotFound };

  it('creates in the caller’s own account unless another is named', async () => {
    const { service } = setUp();
    expect((await service.create(principalOf('accountAdmin'), write)).accountId).toBe(OWN_ACCOUNT);
  });

  it.each(['accountAdmin', 'credentialed'] as const)(
    'answers %s 404 for an account outside its tree, before its role is checked',
    async (role) => {
      const { service, writes } = setUp();
      const p = principalOf(role);
      const away = { ...write, accountId: OTHER_ACCOUNT };
      await expect(service.create(p, away)).rejects.toMatchObject(accountNotFound);
      // Moving its own zone: the zone is found, so a role that may not write it is refused.
      await expect(service.update(p, 'own-zone', away)).rejects.toMatchObject(
        roleCan(role, 'devices.configure') ? accountNotFound : { statusCode: 403 },
      );
      expect(writes).toEqual([]);
    },
  );

  it('moves a zone to another visible account; staff may name any existing account', async () => {
    const { service } = setUp();
    const moved = await service.update(principalOf('accountAdmin'), 'own-zone', {
      ...write,
      accountId: CHILD_ACCOUNT,
    });
    expect(moved.accountId).toBe(CHILD_ACCOUNT);
    const staff = principalOf('providerAdmin');
    expect((await service.create(staff, { ...write, accountId: OTHER_ACCOUNT })).accountId).toBe(
      OTHER_ACCOUNT,
    );
    await expect(
      service.create(staff, { ...write, accountId: MISSING_ACCOUNT }),
    ).rejects.toMatchObject(accountNotFound);
  });

  it('refuses a name the account already has (409) and stores the ring open', async () => {
    const { service } = setUp();
    const p = principalOf('accountAdmin');
    await expect(service.create(p, { ...write, name: 'Harbour' })).rejects.toMatchObject({
      statusCode: 409,
      message: ZONE_MESSAGES.duplicateName('Harbour'),
    });
    const closed = [...SQUARE, SQUARE[0]!];
    expect((await service.create(p, { name: 'Ring', coordinates: closed })).coordinates).toEqual(
      openRing(closed),
    );
    expect(openRing(closed)).toEqual(SQUARE);
  });
});
