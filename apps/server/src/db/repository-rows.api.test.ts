import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceListGrammar, deviceListQuerySchema, parseListQuery } from '@aerie/contract';
import { asc, eq, getTableColumns, type Table } from 'drizzle-orm';
import { createAccountsRepository } from '../features/accounts/index.js';
import { createDeviceConfigRepository } from '../features/device-config/index.js';
import { createDeviceFeaturesRepository } from '../features/device-features/index.js';
import { createDeviceOperationsRepository } from '../features/device-operations/index.js';
import { createDevicesRepository } from '../features/devices/index.js';
import { createDiagnosticsRepository } from '../features/diagnostics/index.js';
import { createFeedRepository } from '../features/feed/index.js';
import { createHubRepository } from '../features/hub/index.js';
import { createJobsRepository } from '../features/jobs/index.js';
import { createMetricsRepository } from '../features/metrics/index.js';
import { createNotificationsRepository } from '../features/notifications/index.js';
import { createReferenceRepository } from '../features/reference/index.js';
import { createResourcesRepository } from '../features/resources/index.js';
import { createSubscriptionsRepository } from '../features/subscriptions/index.js';
import { createUsersRepository } from '../features/users/index.js';
import { createZonesRepository } from '../features/zones/index.js';
import { createApiClientsRepository } from '../identity/api-clients.repository.js';
import { createCredentialThrottleRepository } from '../identity/credential-throttle.repository.js';
import { createOidcPayloadsRepository } from '../identity/oidc-payloads.repository.js';
import { demoUsers } from '../demo/demo-identities.js';
import { seedDemoFleet } from '../demo/seed-fleet.js';
import { createTestContext, TEST_FLEET, type TestContext } from '../test/test-app.js';
import * as fleet from './fleet-schema.js';
import * as core from './schema.js';

// Decision 022: repositories write SQL and type their rows from the Drizzle schema. `pool.query<T>`
// trusts the SELECT list, so these tests compare what each repository reads with what Drizzle
// reads from the same table: same keys, same values, same JavaScript types, on both engines.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoFleet(ctx.database.db, { ...TEST_FLEET, deviceCount: 4, accountCount: 2 });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

/** Every column of the table, as Drizzle reads them, in the given order. */
async function drizzleRows<T extends Table>(
  table: T,
  ...order: (keyof T['$inferSelect'] & string)[]
): Promise<T['$inferSelect'][]> {
  const columns = getTableColumns(table);
  const rows: unknown[] = await ctx.database.db
    .select()
    .from(table as Table)
    .orderBy(...order.map((k) => asc(columns[k]!)));
  return rows as T['$inferSelect'][];
}

describe('repository rows match the schema types', () => {
  it('reads every reference table as Drizzle does', async () => {
    const repo = createReferenceRepository(ctx.database.pool);
    const pairs: [unknown[], unknown[]][] = [
      [await repo.metricProviders(), await drizzleRows(fleet.metricProviders, 'shortcode')],
      [
        await repo.metricTypes(),
        await drizzleRows(fleet.metricTypes, 'providerShortcode', 'shortcode'),
      ],
      [await repo.featureTypes(), await drizzleRows(fleet.featureTypes, 'id')],
      [await repo.componentModels(), await drizzleRows(fleet.componentModels, 'shortcode')],
      [await repo.deviceTypes(), await drizzleRows(fleet.deviceTypes, 'id')],
      [await repo.deviceProducts(), await drizzleRows(fleet.deviceProducts, 'productCode')],
      [await repo.hubNetworks(), await drizzleRows(fleet.hubNetworks, 'networkId')],
      [
        await repo.subscriptionProducts(),
        await drizzleRows(
          fleet.subscriptionProducts,
          'dataLimitInGb',
          'hasCellular',
          'productCode',
        ),
      ],
    ];
    for (const [ours, theirs] of pairs) {
      expect(ours.length).toBeGreaterThan(0);
      expect(ours).toEqual(theirs);
    }
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    const versions = (await repo.softwareVersions()).sort(byId);
    expect(versions).toEqual((await drizzleRows(fleet.softwareVersions, 'id')).sort(byId));
    expect(versions[0]?.releaseDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const plans = (await repo.subscriptionPlans()).map((p) => p.plan);
    const planCodes = (await drizzleRows(fleet.subscriptionPlans, 'planCode')).sort((a, b) =>
      a.planCode.localeCompare(b.planCode),
    );
    expect([...plans].sort((a, b) => a.planCode.localeCompare(b.planCode))).toEqual(planCodes);
  });

  it('reads accounts and users with the columns of their tables', async () => {
    const accounts = await createAccountsRepository(ctx.database.pool).listAll();
    const stored = await drizzleRows(core.accounts, 'name');
    const storedById = new Map(stored.map((a) => [a.id, a]));
    expect(accounts).toEqual(
      stored.map(({ id, name, kind, parentId }) => ({ id, name, kind, parentId })),
    );

    const users = createUsersRepository(ctx.database.pool);
    for (const demo of demoUsers) {
      const user = await users.findByEmail(demo.email.toUpperCase());
      const [row] = await ctx.database.db
        .select()
        .from(core.users)
        .where(eq(core.users.id, user!.id));
      const { id, accountId, email, firstName, lastName, loginType, passwordHash, features } = row!;
      expect(user).toEqual({
        id,
        accountId,
        email,
        firstName,
        lastName,
        loginType,
        passwordHash,
        features,
        disabled: row!.disabled,
        accountName: accounts.find((a) => a.id === accountId)!.name,
        accountPermissions: (({
          configuratorVisible,
          msrpPricesVisible,
          wholesalePricesVisible,
          commercialPriceBook,
          militaryPriceBook,
        }) => ({
          configuratorVisible,
          msrpPricesVisible,
          wholesalePricesVisible,
          commercialPriceBook,
          militaryPriceBook,
        }))(storedById.get(accountId)!),
        role: demo.role,
      });
      expect(await users.findById(id)).toEqual(user);
    }
  });

  it('writes and reads notifications, feedback and API clients as their tables hold them', async () => {
    const user = (await createUsersRepository(ctx.database.pool).findByEmail(demoUsers[0]!.email))!;

    const notifications = createNotificationsRepository(ctx.database.pool);
    const inserted = await notifications.insert(user.id, {
      name: 'Test',
      type: 'info',
      label: 'Parity',
      entityType: 'devices',
      entityId: 'x',
    });
    const [notification] = await ctx.database.db
      .select()
      .from(core.notifications)
      .where(eq(core.notifications.id, inserted.id));
    expect(inserted).toEqual(notification);
    expect(await notifications.findById(inserted.id)).toEqual(notification);
    expect(await notifications.listForUser(user.id, 1)).toEqual([notification]);

    const feed = createFeedRepository(ctx.database.pool);
    const browserMeta = {
      screenResolution: '1x1',
      windowResolution: '1x1',
      userAgent: 'ua',
      url: '/',
    };
    await feed.insertFeedback(user.id, user.accountId, {
      mood: 'meh',
      feedback: 'ok',
      browserMeta,
    });
    const page = await feed.feedbackPage(0, 1);
    const [feedback] = await ctx.database.db.select().from(core.feedback);
    expect(page).toEqual({
      total: 1,
      items: [
        {
          id: feedback!.id,
          userId: feedback!.userId,
          mood: feedback!.mood,
          feedback: feedback!.feedback,
          browserMeta: feedback!.browserMeta,
          createdAt: feedback!.createdAt,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          accountName: user.accountName,
        },
      ],
    });
    expect(feedback!.browserMeta).toEqual(browserMeta);

    const clients = createApiClientsRepository(ctx.database.pool);
    expect(await clients.create(user.id, 'parity-client', 'a secret of some length')).toBe(true);
    const [client] = await ctx.database.db
      .select()
      .from(core.apiClients)
      .where(eq(core.apiClients.clientId, 'parity-client'));
    expect(await clients.listByUser(user.id)).toEqual([
      { clientId: client!.clientId, createdAt: client!.createdAt },
    ]);
    expect(await clients.credentialsOf('parity-client')).toEqual({
      clientId: client!.clientId,
      secretHash: client!.secretHash,
      secretSalt: client!.secretSalt,
    });
    expect(await clients.ownerOf('parity-client')).toBe(user.id);
  });

  it('swaps a throttle bucket only while it is as expected', async () => {
    const throttle = createCredentialThrottleRepository(ctx.database.pool);
    const first = {
      attempts: 1,
      lastAttemptAt: new Date('2026-11-24T10:00:00.123Z'),
      nextAttemptAt: new Date('2026-11-24T10:00:00.123Z'),
    };
    const second = { ...first, attempts: 2, nextAttemptAt: new Date('2026-11-24T10:00:15.123Z') };
    expect(await throttle.replace('k', null, first)).toBe(true);
    expect(await throttle.replace('k', null, first)).toBe(false);
    const [row] = await ctx.database.db
      .select()
      .from(core.credentialThrottle)
      .where(eq(core.credentialThrottle.key, 'k'));
    const { key: _key, ...stored } = row!;
    expect(await throttle.get('k')).toEqual(stored);
    expect(stored).toEqual(first);
    expect(await throttle.replace('k', first, second)).toBe(true);
    expect(await throttle.replace('k', first, second)).toBe(false);
    expect(await throttle.replace('k', second, null)).toBe(true);
    expect(await throttle.get('k')).toBeNull();
  });

  it('stores the identity provider payloads with their lookup columns', async () => {
    const payloads = createOidcPayloadsRepository(ctx.database.pool);
    const expiresAt = new Date(Date.now() + 60_000);
    await payloads.upsert({
      id: 'p1',
      kind: 'Session',
      payload: { uid: 'u1', grantId: 'g1' },
      grantId: 'g1',
      userCode: 'c1',
      uid: 'u1',
      expiresAt,
    });
    const [row] = await ctx.database.db
      .select()
      .from(core.oidcPayloads)
      .where(eq(core.oidcPayloads.id, 'p1'));
    expect(row).toEqual({
      id: 'p1',
      kind: 'Session',
      payload: { uid: 'u1', grantId: 'g1' },
      grantId: 'g1',
      userCode: 'c1',
      uid: 'u1',
      expiresAt,
      consumedAt: null,
    });
    for (const [by, value] of [
      ['id', 'p1'],
      ['uid', 'u1'],
      ['userCode', 'c1'],
    ] as const) {
      expect(await payloads.findLive('Session', by, value)).toEqual({
        payload: row!.payload,
        consumedAt: null,
      });
    }
    await payloads.consume('Session', 'p1');
    expect((await payloads.findLive('Session', 'id', 'p1'))?.consumedAt).toBeInstanceOf(Date);
    await payloads.revokeByGrantId('g1');
    expect(await payloads.findLive('Session', 'id', 'p1')).toBeNull();
  });

  it('reads hub networks and metric days as Drizzle does', async () => {
    const byNetwork = (a: { networkId: string }, b: { networkId: string }) =>
      a.networkId.localeCompare(b.networkId);
    const networks = await createHubRepository(ctx.database.pool).networks();
    expect(networks.length).toBeGreaterThan(0);
    expect([...networks].sort(byNetwork)).toEqual(
      (await drizzleRows(fleet.hubNetworks, 'networkId')).sort(byNetwork),
    );

    // The test fleet has no metric history: one stored day, values exact in `real`.
    const [device] = await drizzleRows(fleet.devices, 'id');
    const [type] = await drizzleRows(fleet.metricTypes, 'providerShortcode', 'shortcode');
    await ctx.database.db.insert(fleet.metricSeries).values({
      deviceId: device!.id,
      providerShortcode: type!.providerShortcode,
      metricShortcode: type!.shortcode,
      day: '2026-11-20',
      seconds: [0, 60, 120],
      values: [1.5, -2.25, 0],
    });
    const [series] = await drizzleRows(fleet.metricSeries, 'deviceId');
    const { deviceId, providerShortcode, metricShortcode, day, seconds, values } = series!;
    expect(
      await createMetricsRepository(ctx.database.pool).seriesDays(
        deviceId,
        providerShortcode,
        metricShortcode,
        day,
        day,
      ),
    ).toEqual([{ day, seconds, values }]);
  });

  it('reads zones with the columns of their table and the account name', async () => {
    const accounts = await drizzleRows(core.accounts, 'name');
    const stored = await drizzleRows(fleet.zones, 'id');
    expect(stored.length).toBeGreaterThan(0);
    const { rows } = await createZonesRepository(ctx.database.pool).list(
      { all: true },
      { skip: 0, take: stored.length },
    );
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect([...rows].sort(byId)).toEqual(
      stored
        .map(({ id, accountId, name, coordinates, createdBy, createdAt, updatedAt }) => ({
          id,
          accountId,
          accountName: accounts.find((a) => a.id === accountId)!.name,
          name,
          coordinates,
          createdBy,
          createdAt,
          updatedAt,
        }))
        .sort(byId),
    );
  });

  it('reads jobs, feature types and feature certificates as Drizzle does', async () => {
    const [device] = await drizzleRows(fleet.devices, 'id');
    const jobs = createJobsRepository(ctx.database.pool);
    const inserted = await jobs.insert({
      kind: 'syncToHub',
      accountId: device!.accountId,
      deviceId: device!.id,
      createdBy: null,
      payload: { requestedBy: 'parity' },
    });
    const finished = await jobs.transition(inserted!.id, ['Queued'], 'Success', {
      result: { ok: true },
    });
    const [job] = await ctx.database.db
      .select()
      .from(fleet.jobs)
      .where(eq(fleet.jobs.id, inserted!.id));
    const { createdBy: _createdBy, ...columns } = job!;
    expect(finished).toEqual(columns);
    expect(await jobs.findById({ all: true }, job!.id)).toEqual(columns);
    const { finishedOn: _finishedOn, payload: _payload, result: _result, ...listed } = columns;
    await jobs.transition(job!.id, ['Success'], 'Running', null);
    expect((await jobs.listRecent({ all: true }, 0, 100)).rows).toContainEqual({
      ...listed,
      status: 'Running',
    });

    const [, other] = await drizzleRows(fleet.devices, 'id');
    const hubJob = await jobs.insert({
      kind: 'provision',
      accountId: other!.accountId,
      deviceId: other!.id,
      createdBy: null,
      payload: {},
    });
    const [hubRow] = await ctx.database.db
      .select()
      .from(fleet.jobs)
      .where(eq(fleet.jobs.id, hubJob!.id));
    expect(await createDeviceOperationsRepository(ctx.database.pool).hubJob(hubJob!.id)).toEqual({
      id: hubRow!.id,
      kind: hubRow!.kind,
      status: hubRow!.status,
      deviceId: hubRow!.deviceId,
      createdBy: hubRow!.createdBy,
      createdOn: hubRow!.createdOn,
    });

    const features = createDeviceFeaturesRepository(ctx.database.pool);
    expect(await features.featureTypes()).toEqual(
      (await drizzleRows(fleet.featureTypes, 'id')).map(({ shortcode, enabled }) => ({
        shortcode,
        enabled,
      })),
    );
    const issuedAt = new Date('2026-11-20T10:00:00.123Z');
    await features.saveCertificate(device!.id, {
      token: 'header.payload.signature',
      kid: 'k1',
      issuedAt: issuedAt.toISOString(),
      features: ['A', 'B'],
      publicKey: 'key',
      serial: 'S1',
      antennaSerial: null,
      issuedBy: null,
    });
    const [certificate] = await ctx.database.db
      .select()
      .from(fleet.deviceFeatureCertificates)
      .where(eq(fleet.deviceFeatureCertificates.deviceId, device!.id));
    const { deviceId: _deviceId, ...stored } = certificate!;
    expect(stored.issuedAt).toEqual(issuedAt);
    expect(await features.certificate(device!.id)).toEqual({
      ...stored,
      issuedAt: issuedAt.toISOString(),
    });
  });

  it('reads diagnostic files and their entries as Drizzle does', async () => {
    const repo = createDiagnosticsRepository(ctx.database.pool);
    const [device] = await drizzleRows(fleet.devices, 'id');
    const [user] = await drizzleRows(core.users, 'email');
    const id = await repo.transaction((tx) =>
      repo.insertFile(tx, {
        antennaSerial: 'PARITY-1',
        fileName: 'PARITY-1_20261122120000.kdp',
        fileHash: 'a'.repeat(32),
        fileSize: 3_000_000_000,
        diagnosticCreatedOn: new Date('2026-11-22T12:00:00Z'),
        accountId: device!.accountId,
        deviceId: device!.id,
        uploadedBy: user!.id,
      }),
    );
    await repo.claim(id!);
    const entries = [
      { path: 'logs/syslog', size: 5_000_000_000, mtime: new Date('2026-11-22T11:59:58Z') },
      { path: 'overview/Serial', size: 9, mtime: new Date('2026-11-22T12:00:00Z') },
    ];
    await repo.transaction((tx) => repo.markReady(tx, id!, entries));
    const [file] = await ctx.database.db
      .select()
      .from(fleet.diagnosticFiles)
      .where(eq(fleet.diagnosticFiles.id, id!));
    const { uploadedBy: _uploadedBy, ...columns } = file!;
    expect(await repo.byId(id!)).toEqual({
      ...columns,
      uploadedByName: `${user!.firstName} ${user!.lastName}`,
    });
    const stored = await ctx.database.db
      .select()
      .from(fleet.diagnosticEntries)
      .where(eq(fleet.diagnosticEntries.fileId, id!));
    expect(await repo.entries(id!)).toEqual(stored.map(({ fileId: _f, ...e }) => e));
    expect(await repo.entries(id!)).toEqual(entries);
  });

  it('reads the document library as Drizzle does (sizes past 2^31, tags, times)', async () => {
    const repo = createResourcesRepository(ctx.database.pool);
    const [user] = await drizzleRows(core.users, 'email');
    const { row } = await repo.transaction((tx) =>
      repo.upsert(tx, {
        container: 'software-downloads',
        path: '/software-downloads/Parity/image.swu',
        fileName: 'image.swu',
        title: 'Parity image',
        description: null,
        tags: ['parity', 'image'],
        contentType: 'application/octet-stream',
        fileSize: 3_000_000_000,
        fileHash: 'b'.repeat(32),
        modifiedOn: new Date('2026-11-22T12:00:00Z'),
        content: '',
        uploadedBy: user!.id,
      }),
    );
    const [stored] = await ctx.database.db
      .select()
      .from(core.documents)
      .where(eq(core.documents.id, row.id));
    const {
      content: _content,
      searchVector: _vector,
      uploadedBy: _uploadedBy,
      createdAt: _createdAt,
      updatedAt: _updatedAt,
      ...columns
    } = stored!;
    expect(row).toEqual(columns);
    expect(await repo.byPath(row.path)).toEqual(columns);
    expect(await repo.list('software-downloads', '/software-downloads/Parity/', null, 10)).toEqual([
      columns,
    ]);
  });

  it('reads device components, hub networks and network templates as Drizzle does', async () => {
    const repo = createDeviceConfigRepository(ctx.database.pool);
    const components = await drizzleRows(fleet.deviceComponents, 'deviceId', 'type', 'serial');
    const deviceId = components[0]!.deviceId;
    expect(await repo.components(deviceId)).toEqual(
      components
        .filter((c) => c.deviceId === deviceId)
        .map(({ type, serial, modelShortcode, assetId }) => ({
          type,
          serial,
          modelShortcode,
          assetId,
        })),
    );
    const models = await drizzleRows(fleet.componentModels, 'shortcode');
    expect(await repo.modelTypes(models.map((m) => m.shortcode))).toEqual(
      new Map(models.map((m) => [m.shortcode, m.componentType])),
    );
    const byNetwork = (a: { networkId: string }, b: { networkId: string }) =>
      a.networkId.localeCompare(b.networkId);
    expect([...(await repo.networks())].sort(byNetwork)).toEqual(
      (await drizzleRows(fleet.hubNetworks, 'networkId')).sort(byNetwork),
    );

    const key = {
      nmsType: 'EVOLUTION',
      antennaType: 'u8',
      modemType: 'X7',
      beamDisplayName: 'Parity beam',
    } as const;
    const saved = await repo.saveTemplate(key, { ip: '10.0.0.1', vlans: [1, 2] });
    const [row] = await ctx.database.db
      .select()
      .from(fleet.networkTemplates)
      .where(eq(fleet.networkTemplates.beamDisplayName, key.beamDisplayName));
    const { id: _id, ...columns } = row!;
    expect(saved).toEqual(columns);
    expect(await repo.findTemplate(key)).toEqual(columns);
  });

  it('reads subscriptions, their usage, devices and history as Drizzle does', async () => {
    const repo = createSubscriptionsRepository(ctx.database.pool);
    const all = { all: true } as const;
    const accounts = await drizzleRows(core.accounts, 'name');
    const subscriptions = await drizzleRows(fleet.subscriptions, 'id');
    const now = Date.now();
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(
      [
        ...(await repo.findByIds(
          all,
          subscriptions.map((s) => s.id),
        )),
      ].sort(byId),
    ).toEqual(
      subscriptions.map((s) => ({
        id: s.id,
        subscriptionNumber: s.subscriptionNumber,
        description: s.description,
        productCode: s.productCode,
        accountId: s.accountId,
        accountName: accounts.find((a) => a.id === s.accountId)!.name,
        startDate: s.startDate,
        endDate: s.endDate,
        dataLimitInGb: s.dataLimitInGb,
        salesforceObjectId: s.salesforceObjectId,
        salesforceAccountId: s.salesforceAccountId,
        networkIdentifiers: s.networkIdentifiers,
        nmsId: s.nmsId,
        hasSatellite: s.hasSatellite,
        hasCellular: s.hasCellular,
        pendingTransferEmail: s.pendingTransferEmail,
        active: s.startDate.getTime() <= now && s.endDate.getTime() > now,
      })),
    );

    const links = await drizzleRows(fleet.deviceSubscriptions, 'subscriptionId', 'deviceId');
    const link = links.find((l) => l.endDate === null)!;
    const subscription = subscriptions.find((s) => s.id === link.subscriptionId)!;
    // Bigger than 2^32, so a lost cast or a string would show.
    await ctx.database.db.insert(fleet.subscriptionMonthlyUsage).values({
      subscriptionId: subscription.id,
      year: 2026,
      month: 10,
      satelliteBytes: 2 ** 40 + 7,
      cellularBytes: 24,
    });
    expect(await repo.monthlyUsage(subscription.id)).toEqual(
      (
        await ctx.database.db
          .select()
          .from(fleet.subscriptionMonthlyUsage)
          .where(eq(fleet.subscriptionMonthlyUsage.subscriptionId, subscription.id))
      ).map(({ year, month, satelliteBytes, cellularBytes }) => ({
        year,
        month,
        satelliteBytes,
        cellularBytes,
      })),
    );
    const start = Math.max(link.startDate.getTime(), subscription.startDate.getTime());
    const day = new Date(start).toISOString().slice(0, 10);
    await ctx.database.db.insert(fleet.deviceDailyUsage).values({
      deviceId: link.deviceId,
      day,
      satelliteBytes: 2 ** 33 + 1,
      cellularBytes: 5,
    });
    expect(await repo.dailyUsage(subscription.id)).toEqual([
      { date: day, satelliteBytes: 2 ** 33 + 1, cellularBytes: 5 },
    ]);

    const devices = await drizzleRows(fleet.devices, 'id');
    const onSubscription = links
      .filter((l) => l.subscriptionId === subscription.id)
      .map((l) => ({ link: l, device: devices.find((d) => d.id === l.deviceId)! }))
      .filter(({ device }) => device.deletedAt === null);
    const { rows } = await repo.devices(all, subscription.id, 0, 100);
    expect([...rows].sort(byId)).toEqual(
      onSubscription
        .map(({ link: l, device: d }) => ({
          id: d.id,
          name: d.name,
          serial: d.serial,
          active: l.active,
        }))
        .sort(byId),
    );
    const byDevice = (a: { deviceId: string }, b: { deviceId: string }) =>
      a.deviceId.localeCompare(b.deviceId);
    expect([...(await repo.activity(all, subscription.id, 100))].sort(byDevice)).toEqual(
      onSubscription
        .map(({ link: l, device: d }) => ({
          deviceId: d.id,
          deviceName: d.name,
          deviceSerial: d.serial,
          startDate: l.startDate,
          endDate: l.endDate,
          active: l.active,
        }))
        .sort(byDevice),
    );
  });

  it('reads devices with everything around them, and list rows, as Drizzle does', async () => {
    const db = ctx.database.db;
    const repo = createDevicesRepository(ctx.database.pool);
    const accounts = await drizzleRows(core.accounts, 'name');
    const products = await drizzleRows(fleet.deviceProducts, 'productCode');
    const links = await drizzleRows(fleet.deviceSubscriptions, 'deviceId', 'subscriptionId');
    const subscriptions = await drizzleRows(fleet.subscriptions, 'id');
    const alive = (await drizzleRows(fleet.devices, 'id')).filter((d) => d.deletedAt === null);
    const chosen = alive.find((d) => d.productCode && links.some((l) => l.deviceId === d.id))!;
    // Totals above 2^32, a network configuration and a SIM, so every part has something to read.
    await db
      .update(fleet.devices)
      .set({ totalSatelliteUsage: 2 ** 40 + 3, totalCellularUsage: 2 ** 33 })
      .where(eq(fleet.devices.id, chosen.id));
    await db
      .insert(fleet.deviceNetworkConfigs)
      .values({ deviceId: chosen.id, eth0IpAddress: '192.168.1.1', dhcpGateway: '192.168.1.1' })
      .onConflictDoNothing();
    await db
      .insert(fleet.simConfigurations)
      .values({ deviceId: chosen.id, eid: 'E1', cubicLteImsi: '2400', simVendor: 'V' })
      .onConflictDoNothing();
    const [device] = await db.select().from(fleet.devices).where(eq(fleet.devices.id, chosen.id));
    const d = device!;

    const product = products.find((p) => p.productCode === d.productCode) ?? null;
    const listed = (row: typeof d) => ({
      id: row.id,
      type: row.type,
      name: row.name,
      serial: row.serial,
      accountId: row.accountId,
      accountName: accounts.find((a) => a.id === row.accountId)!.name,
      productCode: row.productCode,
      productName: products.find((p) => p.productCode === row.productCode)?.name ?? null,
      private: row.private,
      satelliteOnline: row.satelliteOnline,
      cellularOnline: row.cellularOnline,
      satelliteSignal: row.satelliteSignal,
      cellularSignal: row.cellularSignal,
      wifi: row.wifi,
      beam: row.beam,
      latitude: row.latitude,
      longitude: row.longitude,
    });
    const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const components = (await drizzleRows(fleet.deviceComponents, 'id'))
      .filter((c) => c.deviceId === d.id)
      .map(({ deviceId, type, modelShortcode, assetId, serial }) => ({
        deviceId,
        type,
        modelShortcode,
        assetId,
        serial,
      }))
      .sort((a, b) => byText(a.type, b.type) || byText(a.serial, b.serial));
    expect(components.length).toBeGreaterThan(0);
    const [networkConfig] = await db
      .select()
      .from(fleet.deviceNetworkConfigs)
      .where(eq(fleet.deviceNetworkConfigs.deviceId, d.id));
    const [sim] = await db
      .select()
      .from(fleet.simConfigurations)
      .where(eq(fleet.simConfigurations.deviceId, d.id));
    const { deviceId: _configDevice, updatedAt: _updatedAt, ...storedConfig } = networkConfig!;
    const { deviceId: _simDevice, ...storedSim } = sim!;
    const byId = (a: { id: string }, b: { id: string }) => byText(a.id, b.id);

    const detail = await repo.findById({ all: true }, d.id);
    expect({
      ...detail!,
      components: [...detail!.components].sort(
        (a, b) => byText(a.type, b.type) || byText(a.serial, b.serial),
      ),
      subscriptions: [...detail!.subscriptions].sort(byId),
    }).toEqual({
      device: {
        ...listed(d),
        satelliteLastUpdated: d.satelliteLastUpdated,
        cellularLastUpdated: d.cellularLastUpdated,
        geoModemModel: product!.geoModemModel,
        leoModemModel: product!.leoModemModel,
        bucModel: product!.bucModel,
        provisioned: d.provisioned,
        activated: d.activated,
        enableCellTraffic: d.enableCellTraffic,
        syncInProgress: d.syncInProgress,
        salesforceAssetId: d.salesforceAssetId,
        publicKey: d.publicKey,
        features: d.features,
        satelliteLocationUpdatedOn: d.satelliteLocationUpdatedOn,
        cellularLocationUpdatedOn: d.cellularLocationUpdatedOn,
        softwareCurrentVersion: d.softwareCurrentVersion,
        softwareTargetVersion: d.softwareTargetVersion,
        softwareLocked: d.softwareLocked,
        softwareLastUpdatedOn: d.softwareLastUpdatedOn,
        softwareLastCheckin: d.softwareLastCheckin,
        totalSatelliteUsage: 2 ** 40 + 3,
        totalCellularUsage: 2 ** 33,
      },
      components,
      subscriptions: links
        .filter((l) => l.deviceId === d.id)
        .map((l) => {
          const s = subscriptions.find((x) => x.id === l.subscriptionId)!;
          return {
            id: s.id,
            description: s.description,
            dataLimitInGb: s.dataLimitInGb,
            startDate: s.startDate,
            endDate: s.endDate,
            linkStartDate: l.startDate,
            linkEndDate: l.endDate,
            active: l.active,
            hasSatellite: s.hasSatellite,
            hasCellular: s.hasCellular,
            canProvision: s.canProvision,
            canActivate: s.canActivate,
            networkIdentifiers: s.networkIdentifiers,
          };
        })
        .sort(byId),
      networkConfig: storedConfig,
      sim: storedSim,
    });
    expect(d.totalSatelliteUsage).toBe(2 ** 40 + 3);

    // A list row: the item's members PostgreSQL writes from the devices table (decision 019).
    const fields = 'Id,Type,Name,Serial,AccountId,ProductCode,Private,NetworkStatus,Location';
    const page = await repo.page(
      { all: true },
      parseListQuery(deviceListGrammar, deviceListQuerySchema.parse({ take: '100', fields })),
    );
    const iso = (date: Date | null) => (date ? date.toISOString() : null);
    expect(
      page.map((row) => ({ ...row, json: JSON.parse(`{${row.json}}`) as unknown })).sort(byId),
    ).toEqual(
      alive
        .map((row) => ({
          id: row.id,
          accountId: row.accountId,
          productCode: row.productCode,
          json: {
            id: row.id,
            type: row.type,
            name: row.name,
            serial: row.serial,
            accountId: row.accountId,
            productCode: row.productCode,
            private: row.private,
            networkStatus: {
              satelliteOnline: row.satelliteOnline,
              cellularOnline: row.cellularOnline,
              satelliteSignal: row.satelliteSignal,
              cellularSignal: row.cellularSignal,
              wifi: row.wifi,
              beam: row.beam,
              satelliteLastUpdated: iso(row.satelliteLastUpdated),
              cellularLastUpdated: iso(row.cellularLastUpdated),
            },
            location: {
              coordinates:
                row.private || row.latitude === null || row.longitude === null
                  ? null
                  : { latitude: row.latitude, longitude: row.longitude },
            },
          },
        }))
        .sort(byId),
    );

    await db.insert(fleet.deviceDailyUsage).values({
      deviceId: d.id,
      day: '2019-02-03',
      satelliteBytes: 2 ** 35 + 1,
      cellularBytes: 20,
    });
    expect(await repo.dailyUsage(d.id, 2019, 2)).toEqual([
      { day: 3, satelliteBytes: 2 ** 35 + 1, cellularBytes: 20 },
    ]);
  });
});
