import {
  brandKey,
  preSyncErrors,
  type Device,
  type DeviceList,
  type HubBeam,
  type RoleKey,
} from '@aerie/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAsUser } from './support/api.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { BRAND, demoUsers, expectVisible, signIn } from './support/auth.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';
import { waitForShell } from './support/shell.js';

const session = useBrowser();

/** The hub simulator takes 4 s per operation in the e2e server; a job ends within this. */
const HUB_JOB_MS = 30_000;

async function signInAs(role: RoleKey): Promise<void> {
  const user = demoUsers.find((u) => u.role === role);
  if (!user) throw new Error(`no demo user with role ${role}`);
  await signIn(session.page, baseUrl(), user);
  await waitForShell(session.page);
}

async function devices(page: Page): Promise<DeviceList['items']> {
  return (await apiAsUser<DeviceList>(page, '/v2/devices?take=200&fields=Id,Name,AccountName'))
    .items;
}

/**
 * This file's device: among the unprovisioned devices whose active subscription may provision
 * and activate, without a pre-sync error and with required beams of one NMS, the one with the
 * greatest id (the other browser tests pick Northwind devices by content, not these).
 */
async function unprovisionedDevice(page: Page): Promise<Device> {
  const ids = (await devices(page)).map((d) => d.id!).sort((a, b) => b.localeCompare(a));
  for (const id of ids) {
    const device = await apiAsUser<Device>(page, `/v2/devices/${id}`);
    const sub = device.activeSubscription;
    if (device.provisioned || device.syncInProgress || !sub?.canProvision || !sub.canActivate)
      continue;
    if (preSyncErrors(device).length > 0) continue;
    const hub = await apiAsUser<Record<string, HubBeam[]>>(page, `/v2/devices/${id}/hubState`);
    const required = (hub[brandKey(BRAND, 'Beams')] ?? []).filter((b) => b.isRequired);
    if (required.length > 0 && new Set(required.map((b) => b.nmsType)).size === 1) return device;
  }
  throw new Error('the demo fleet has no unprovisioned device that could be synchronized');
}

/** The first Northwind device by name (the Account Admin and Credentialed see it). */
async function northwindDevice(page: Page): Promise<{ id: string; name: string }> {
  const found = (await devices(page)).find((d) => d.accountName?.startsWith('Northwind'));
  if (!found?.id || !found.name) throw new Error('no Northwind device');
  return { id: found.id, name: found.name };
}

async function openConfiguration(page: Page, device: Pick<Device, 'id' | 'name'>) {
  await page.goto(`${baseUrl()}/devices/${device.id}/configuration`);
  await waitForShell(page);
  await expectVisible(
    page.getByRole('heading', { level: 2, name: 'Synchronization' }),
    'the sync card',
  );
  await expectVisible(
    page.getByRole('heading', { level: 2, name: 'Device Hub State' }),
    'the hub state card',
  );
}

const syncSwitch = (page: Page, name: string): Locator =>
  page.getByRole('switch', { name: new RegExp(`^${name}`) });

const syncCard = (page: Page) => page.getByTestId('sync-card');

/** Waits for the card to say a sync runs, then for the switch to show what the hub confirmed. */
async function waitForHubJob(page: Page, confirmed: () => Promise<boolean>, what: string) {
  await expectVisible(
    syncCard(page).getByText('Device sync is currently in progress.'),
    `${what}: the sync in progress`,
  );
  await expect
    .poll(confirmed, {
      timeout: HUB_JOB_MS,
      interval: 250,
      message: `${what}: the hub job did not end in time`,
    })
    .toBe(true);
}

describe('device sync', () => {
  test('Product Support provisions, activates and synchronizes a device, live', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 1000 });
    await signInAs('productSupport');
    const device = await unprovisionedDevice(page);
    await openConfiguration(page, device);
    await expectVisible(
      syncCard(page).getByText('Device is ready to be synchronized.'),
      'the ready message',
    );
    expect(await syncSwitch(page, 'Provisioned').isChecked()).toBe(false);
    expect(await syncSwitch(page, 'Activated').isDisabled()).toBe(true);
    await screenshot(page, 'device-sync-unprovisioned');

    // Provision asks first (it cannot be undone from the portal); the switch changes only when
    // the hub has confirmed it.
    await syncSwitch(page, 'Provisioned').click({ force: true });
    const confirm = page.getByRole('dialog', { name: 'Provision on the hub' });
    await expectVisible(
      confirm.getByText('cannot be deprovisioned from the portal', { exact: false }),
      'the provisioning confirmation',
    );
    await confirm.getByRole('button', { name: 'Provision' }).click();
    await waitForHubJob(page, () => syncSwitch(page, 'Provisioned').isChecked(), 'provision');
    await expectVisible(
      syncCard(page).getByText('Unable to deprovision Device.'),
      'the provisioned title',
    );

    await syncSwitch(page, 'Activated').click({ force: true });
    await waitForHubJob(page, () => syncSwitch(page, 'Activated').isChecked(), 'activate');

    // Synchronize after the confirmation; the page follows the sync without a reload.
    await syncCard(page).getByRole('button', { name: 'Synchronize' }).click();
    const dialog = page.getByRole('dialog', { name: 'Synchronize with the hub' });
    await expectVisible(dialog, 'the confirmation');
    await screenshot(page, 'device-sync-confirm');
    await dialog.getByRole('button', { name: 'Synchronize' }).click();
    await expectVisible(
      syncCard(page).getByText('Device sync is currently in progress.'),
      'the sync in progress',
    );
    expect(await syncSwitch(page, 'Activated').isDisabled()).toBe(true);
    await expectVisible(
      syncCard(page).getByText('Sync in progress with NMS.').first(),
      'the switches’ title during a sync',
    );
    await screenshot(page, 'device-sync-in-progress');
    // Once the hub holds what the device requires, nothing is pending.
    await expectVisible(
      syncCard(page).getByText('Device is in sync with the hub: nothing is pending.'),
      'the sync ended (live), in sync',
      HUB_JOB_MS,
    );

    // The hub state card shows the required beam on the hub, provisioned and activated.
    const hubCard = page.getByTestId('hub-state-card');
    const beam = hubCard.getByTestId('hub-beam').first();
    await expectVisible(beam, 'a beam in the hub state');
    const cells = await beam.getByRole('cell').allInnerTexts();
    expect(cells.slice(1, 3)).toEqual(['Yes', 'Yes']);
    expect(cells[3]).not.toBe('N/A');
    expect(cells[4]).not.toBe('N/A');
    expect(await hubCard.getByText('In sync').count()).toBe(2);

    // The three hub jobs reached the user as notifications on the live stream.
    await page.getByRole('button', { name: /^Notifications/ }).click();
    for (const label of [
      `Provisioning succeeded for ${device.name}.`,
      `Activation succeeded for ${device.name}.`,
      `Sync with the hub succeeded for ${device.name}.`,
    ])
      await expectVisible(page.getByText(label).first(), label);
    await screenshot(page, 'device-sync-done');
    await page.keyboard.press('Escape');
    await expectNoSeriousAxeViolations(page);
  }, 150_000);

  test('Account Admin sees the switches, Synchronize and Refresh', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs('accountAdmin');
    await openConfiguration(page, await northwindDevice(page));
    for (const name of ['Provisioned', 'Activated', 'Allow Cell Traffic'])
      await expectVisible(syncSwitch(page, name), `the ${name} switch`);
    await expectVisible(syncCard(page).getByRole('button', { name: 'Synchronize' }), 'Synchronize');
    await expectVisible(syncCard(page).getByRole('button', { name: 'Refresh' }), 'Refresh');
    await screenshot(page, 'device-sync-account-admin');
    await expectNoSeriousAxeViolations(page);
  });

  test('Credentialed sees the states but no sync controls', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs('credentialed');
    await openConfiguration(page, await northwindDevice(page));
    expect(await page.getByRole('switch').count()).toBe(0);
    expect(await syncCard(page).getByRole('button').count()).toBe(0);
    await expectVisible(syncCard(page).getByText('Allow Cell Traffic'), 'the read-only states');
    await screenshot(page, 'device-sync-credentialed');
    await expectNoSeriousAxeViolations(page);
  });
});
