import { beforeAll, describe, expect, it } from 'vitest';
import {
  deviceCommandPermissions,
  deviceCommandResultSchema,
  deviceCommands,
  roleCan,
  roleKeys,
  type Device,
  type DeviceCommand,
  type RoleKey,
} from '@aerie/contract';
import { useApiContext } from '../../test/test-app.js';
import { demoUsers } from '../../demo/demo-identities.js';
import {
  ACCOUNT_ROLES,
  fetchDevice,
  MISSING_ID,
  NORTHWIND_TREE,
  sameFor,
  statusesOf,
} from '../../test/fleet-fixtures.js';
import { DEVICE_OPERATION_MESSAGES as M } from './device-operations.messages.js';

const api = useApiContext({ fleet: { seed: 21 } });
let northwindIds: string[];
let otherDevice: string;

beforeAll(async () => {
  const { rows } = await api.ctx.database.pool.query<{ id: string }>(
    `select id from devices where account_id in (${NORTHWIND_TREE}) and deleted_at is null order by id`,
  );
  northwindIds = rows.map((r) => r.id);
  otherDevice = (await api.scalar<string>(
    `select id from devices where account_id not in (${NORTHWIND_TREE}) order by id limit 1`,
  ))!;
});

function command(role: RoleKey | null, id: string, cmd: string, body?: Record<string, unknown>) {
  return api.ctx.app.inject({
    method: 'POST',
    url: `/v2/devices/${id}/command/${cmd}`,
    headers: role ? api.as(role) : {},
    ...(body ? { payload: body } : {}),
  });
}

const device = (id: string) => fetchDevice(api, id);

/** The first Northwind device (as GET presents it) for which `test` holds. */
async function northwind(test: (d: Device) => boolean): Promise<Device> {
  for (const id of northwindIds) {
    const d = await device(id);
    if (test(d)) return d;
  }
  throw new Error('no Northwind device fits the test');
}

const message = (res: { json: () => unknown }) => (res.json() as { message: string }).message;
const body = (cmd: DeviceCommand): Record<string, unknown> | undefined =>
  cmd === 'updateSoftware'
    ? { data: '9.9.9' }
    : cmd.startsWith('privateMode')
      ? { confirmation: 'x' }
      : undefined;

describe('POST /v2/devices/{id}/command/{cmd}: who may', () => {
  it('needs a token', async () => {
    expect((await command(null, northwindIds[0]!, 'syncToHub')).statusCode).toBe(401);
  });

  it('answers 400 listing the commands for an unknown command', async () => {
    const res = await command('superUser', northwindIds[0]!, 'reboot');
    expect(res.statusCode).toBe(400);
    expect(message(res)).toContain('Unknown command "reboot"');
    expect(message(res)).toContain('syncToHub');
  });

  it('answers 400 for a malformed id or body', async () => {
    expect((await command('superUser', 'nope', 'syncToHub')).statusCode).toBe(400);
    const bad = await command('superUser', northwindIds[0]!, 'updateSoftware', { data: 'latest' });
    expect(bad.statusCode).toBe(400);
    expect(message(bad)).toContain('The version is not a valid software version.');
  });

  it.each(deviceCommands)('%s: 404 for a device outside the caller’s accounts', async (cmd) => {
    for (const role of ['accountAdmin', 'credentialed'] as const) {
      const res = await command(role, otherDevice, cmd, body(cmd));
      expect(res.statusCode, role).toBe(404);
    }
    expect((await command('superUser', MISSING_ID, cmd, body(cmd))).statusCode).toBe(404);
  });

  it.each(deviceCommands)('%s: 403 for every role without its permission', async (cmd) => {
    const refused = roleKeys.filter((r) => !roleCan(r, deviceCommandPermissions[cmd]));
    expect(refused).toContain('credentialed');
    expect(refused).toContain('salesSupport');
    for (const role of refused) {
      const res = await command(role, northwindIds[0]!, cmd, body(cmd));
      expect(res.statusCode, role).toBe(403);
    }
  });

  it('gives Account Admin every sync, software and private mode command', () => {
    for (const cmd of deviceCommands)
      expect(roleCan('accountAdmin', deviceCommandPermissions[cmd]), cmd).toBe(true);
    // …but not the hardware configuration the switches do not cover.
    expect(roleCan('accountAdmin', 'devices.hardware')).toBe(false);
  });

  it('refuses deprovision with the spec’s text to every role that may provision', async () => {
    for (const role of roleKeys.filter((r) => roleCan(r, 'devices.sync'))) {
      const res = await command(role, northwindIds[0]!, 'deprovision');
      expect(res.statusCode, role).toBe(409);
      expect(message(res)).toBe('Unable to deprovision Device.');
    }
  });
});

describe('hub commands refused by the device’s state (409)', () => {
  const refusals: { cmd: DeviceCommand; text: string; fits: (d: Device) => boolean }[] = [
    { cmd: 'provision', text: M.alreadyProvisioned, fits: (d) => d.provisioned },
    {
      cmd: 'provision',
      text: M.noActiveSubscription,
      fits: (d) => !d.activeSubscription && !d.provisioned,
    },
    { cmd: 'activate', text: M.notProvisioned, fits: (d) => !d.provisioned },
    { cmd: 'activate', text: M.alreadyActivated, fits: (d) => d.activated },
    { cmd: 'deactivate', text: M.notActivated, fits: (d) => !d.activated },
    {
      cmd: 'enableCellTraffic',
      text: M.noCellularService,
      fits: (d) => d.provisioned && d.activeSubscription?.hasCellular === false,
    },
    { cmd: 'disableCellTraffic', text: M.notProvisioned, fits: (d) => !d.provisioned },
  ];
  it.each(refusals)('$cmd: $text', async ({ cmd, fits, text }) => {
    const d = await northwind(fits);
    const res = await command('accountAdmin', d.id, cmd);
    expect(res.statusCode).toBe(409);
    expect(message(res)).toBe(text);
    expect(await api.scalar('select count(*)::int from jobs where device_id = $1', [d.id])).toBe(0);
  });

  it('refuses a sync listing every pre-sync error', async () => {
    const d = await northwind((x) => !x.activeSubscription);
    const res = await command('productSupport', d.id, 'syncToHub');
    expect(res.statusCode).toBe(409);
    expect(message(res)).toMatch(
      /^The device cannot be synchronized: The device has no active subscription\./,
    );
  });
});

/** A Northwind device, unlocked with nothing scheduled, with an update available. */
async function updatable(): Promise<{ d: Device; available: string[] }> {
  const catalogue = (
    await api.ctx.database.pool.query<{ version: string }>('select version from software_versions')
  ).rows.map((r) => r.version);
  const d = await northwind(
    (x) =>
      !x.software.locked &&
      x.software.targetVersion === null &&
      x.software.currentVersion !== null &&
      catalogue.some(
        (v) => v.localeCompare(x.software.currentVersion!, undefined, { numeric: true }) > 0,
      ),
  );
  const versions = await api.ctx.app.inject({
    method: 'GET',
    url: `/v3/info/softwareVersions?currentVersion=${d.software.currentVersion}`,
    headers: api.as('superUser'),
  });
  const available = versions.json<{ version: string }[]>().map((v) => v.version);
  expect(available.length).toBeGreaterThan(0);
  return { d, available };
}

describe('software commands, applied at once', () => {
  it('locks and unlocks (200, no job), and refuses an update while locked', async () => {
    const d = await northwind(
      (x) =>
        !x.software.locked &&
        x.software.targetVersion === null &&
        x.software.currentVersion !== null,
    );
    const lock = await command('accountAdmin', d.id, 'lockSoftware');
    expect(lock.statusCode).toBe(200);
    expect(deviceCommandResultSchema.parse(lock.json())).toEqual({
      command: 'lockSoftware',
      deviceId: d.id,
      job: null,
    });
    expect((await device(d.id)).software.locked).toBe(true);
    const refused = await command('accountAdmin', d.id, 'updateSoftware', { data: '9.9.9' });
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe(M.softwareLocked);
    expect((await command('accountAdmin', d.id, 'unlockSoftware')).statusCode).toBe(200);
    expect((await device(d.id)).software.locked).toBe(false);
  });

  it('schedules an available version, refuses others, and cancels', async () => {
    const { d, available } = await updatable();

    const notOffered = await command('productSupport', d.id, 'updateSoftware', {
      data: d.software.currentVersion,
    });
    expect(notOffered.statusCode).toBe(400);
    expect(message(notOffered)).toBe(M.versionNotAvailable(d.software.currentVersion!));
    const noData = await command('productSupport', d.id, 'updateSoftware');
    expect(noData.statusCode).toBe(400);
    expect(message(noData)).toBe(M.versionRequired);

    const target = available.at(-1)!;
    const ok = await command('productSupport', d.id, 'updateSoftware', { data: target });
    expect(ok.statusCode).toBe(200);
    expect((await device(d.id)).software.targetVersion).toBe(target);

    expect((await command('productSupport', d.id, 'cancelSoftwareUpdate')).statusCode).toBe(200);
    expect((await device(d.id)).software.targetVersion).toBeNull();
    const nothing = await command('productSupport', d.id, 'cancelSoftwareUpdate');
    expect(nothing.statusCode).toBe(409);
    expect(message(nothing)).toBe(M.noScheduledUpdate);
  });

  it('refuses to lock while an update is scheduled: a locked device never has one pending', async () => {
    const { d, available } = await updatable();
    const target = available.at(-1)!;
    expect(
      (await command('productSupport', d.id, 'updateSoftware', { data: target })).statusCode,
    ).toBe(200);
    const lock = await command('productSupport', d.id, 'lockSoftware');
    expect(lock.statusCode).toBe(409);
    expect(message(lock)).toBe(M.updateScheduledNoLock);
    expect((await device(d.id)).software).toMatchObject({ locked: false, targetVersion: target });
    expect((await command('productSupport', d.id, 'cancelSoftwareUpdate')).statusCode).toBe(200);
    expect((await command('productSupport', d.id, 'lockSoftware')).statusCode).toBe(200);
    expect((await command('productSupport', d.id, 'unlockSoftware')).statusCode).toBe(200);
  });

  it('never leaves a device locked with an update pending when both are sent together (30 rounds)', async () => {
    const { d, available } = await updatable();
    const target = available.at(-1)!;
    const winners = { updateSoftware: 0, lockSoftware: 0 };
    for (let round = 0; round < 30; round++) {
      await api.ctx.database.pool.query(
        'update devices set software_locked = false, software_target_version = null where id = $1',
        [d.id],
      );
      // Alternate which is sent first, so each gets to win.
      const pair = [
        () => command('productSupport', d.id, 'updateSoftware', { data: target }),
        () => command('productSupport', d.id, 'lockSoftware'),
      ] as const;
      const [update, lock] =
        round % 2 === 0
          ? await Promise.all([pair[0](), pair[1]()])
          : await Promise.all([pair[1](), pair[0]()]).then(([l, u]) => [u, l] as const);
      const { software } = await device(d.id);
      expect(software.locked && software.targetVersion !== null, `round ${round}`).toBe(false);
      expect([update.statusCode, lock.statusCode].sort(), `round ${round}`).toEqual([200, 409]);
      if (update.statusCode === 200) winners.updateSoftware++;
      else winners.lockSoftware++;
      expect(software, `round ${round}`).toMatchObject(
        update.statusCode === 200
          ? { locked: false, targetVersion: target }
          : { locked: true, targetVersion: null },
      );
    }
    expect(winners.updateSoftware + winners.lockSoftware).toBe(30);
    await api.ctx.database.pool.query(
      'update devices set software_locked = false, software_target_version = null where id = $1',
      [d.id],
    );
  });

  it('refuses an update to a device that never checked in', async () => {
    const d = await northwind((x) => x.software.currentVersion === null && !x.software.locked);
    const res = await command('superUser', d.id, 'updateSoftware', { data: '9.9.9' });
    expect(res.statusCode).toBe(409);
    expect(message(res)).toBe(M.noSoftwareUpdates);
  });
});

describe('private mode', () => {
  const hasGeoModemSerial = (d: Device) =>
    d.components.some((c) => c.type === 'GeoModem' && c.serial);

  it('needs the caller’s first and last name typed exactly', async () => {
    const d = await northwind((x) => hasGeoModemSerial(x) && !x.private);
    const missing = await command('accountAdmin', d.id, 'privateModeOn');
    expect(missing.statusCode).toBe(400);
    expect(message(missing)).toBe(M.confirmationRequired);
    const { firstName: first, lastName: last } = demoUsers.find((u) => u.role === 'accountAdmin')!;
    for (const typed of [`${first} ${last}`.toLowerCase(), `${first}  ${last}`, `${first}`]) {
      const wrong = await command('accountAdmin', d.id, 'privateModeOn', { confirmation: typed });
      expect(wrong.statusCode, typed).toBe(400);
      expect(message(wrong)).toBe(M.confirmationMismatch);
    }
    expect((await device(d.id)).private).toBe(false);
    const on = await command('accountAdmin', d.id, 'privateModeOn', {
      confirmation: `${first} ${last}`,
    });
    expect(on.statusCode).toBe(200);
    expect((await device(d.id)).private).toBe(true);
    const off = await command('accountAdmin', d.id, 'privateModeOff', {
      confirmation: `${first} ${last}`,
    });
    expect(off.statusCode).toBe(200);
    expect((await device(d.id)).private).toBe(false);
  });
});

describe('device operations: 404 outside the caller’s accounts, then 403 (issue 12)', () => {
  it('answers 404 to every role for a device it does not see, 403 to a role without the permission', async () => {
    const sync = (id: string) => ({
      method: 'POST' as const,
      url: `/v2/devices/${id}/command/syncToHub`,
    });
    const remove = (id: string) => ({ method: 'DELETE' as const, url: `/v2/devices/${id}` });
    for (const request of [sync, remove]) {
      expect(await statusesOf(api, roleKeys, request(MISSING_ID))).toEqual(sameFor(roleKeys, 404));
      expect(await statusesOf(api, ACCOUNT_ROLES, request(otherDevice))).toEqual(
        sameFor(ACCOUNT_ROLES, 404),
      );
    }
    const cannotSync = roleKeys.filter((r) => !roleCan(r, 'devices.sync'));
    expect(await statusesOf(api, cannotSync, sync(northwindIds[0]!))).toEqual(
      sameFor(cannotSync, 403),
    );
    const cannotDelete = roleKeys.filter((r) => !roleCan(r, 'devices.delete'));
    expect(await statusesOf(api, cannotDelete, remove(northwindIds[0]!))).toEqual(
      sameFor(cannotDelete, 403),
    );
  });
});
