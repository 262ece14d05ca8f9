import { readFile } from 'node:fs/promises';
import {
  compareSoftwareVersions,
  featureCertificateKeySetSchema,
  type Device,
  type DeviceList,
  type FeatureCertificateKeySet,
  type RoleKey,
} from '@aerie/contract';
import { createLocalJWKSet, jwtVerify } from 'jose';
import type { Download, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { readOptionsFile } from '@aerie/options-file';
import { unzip } from '../apps/server/src/test/unzip.js';
import { apiAsUser } from './support/api.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { demoUsers, expectVisible, signIn } from './support/auth.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';
import { waitForShell } from './support/shell.js';

const session = useBrowser();

async function signInAs(role: RoleKey) {
  const user = demoUsers.find((u) => u.role === role);
  if (!user) throw new Error(`no demo user with role ${role}`);
  await signIn(session.page, baseUrl(), user);
  await waitForShell(session.page);
  return user;
}

/**
 * The devices of this file: NOT Northwind (the other browser tests open Northwind devices and
 * the first devices by name) and taken from the END of the list by name, each test with its own
 * condition, so no two tests (and no other file) change the same device.
 */
async function lastDevices(page: Page): Promise<Device[]> {
  const list = await apiAsUser<DeviceList>(
    page,
    '/v2/devices?take=60&sortField=Name&sortDirection=DESC&fields=Id,AccountName',
  );
  const devices: Device[] = [];
  for (const item of list.items.filter((i) => !i.accountName?.startsWith('Northwind'))) {
    devices.push(await apiAsUser<Device>(page, `/v2/devices/${item.id}`));
  }
  return devices;
}

const serialOf = (d: Device, type: string) =>
  d.components.find((c) => c.type === type)?.serial ?? null;

/** A terminal with a key, an antenna, a GeoModem serial and a release to update to. */
function softwareDevice(devices: Device[]): Device {
  const found = devices.find(
    (d) =>
      d.type === 'terminal' &&
      d.publicKey !== null &&
      serialOf(d, 'Antenna') !== null &&
      serialOf(d, 'GeoModem') !== null &&
      d.software.currentVersion !== null &&
      compareSoftwareVersions(d.software.currentVersion, '5.3.0') < 0 &&
      d.software.targetVersion === null &&
      !d.software.locked,
  );
  if (!found) throw new Error('no demo device fits the software test');
  return found;
}

async function openDevice(page: Page, device: Device, section: 'overview' | 'json') {
  await page.goto(`${baseUrl()}/devices/${device.id}/${section}`);
  await waitForShell(page);
  await page.waitForFunction(
    ([name, title]) => document.title === `${name} / ${title} · Aerie`,
    [device.name, section === 'overview' ? 'Overview' : 'JSON'] as const,
    { timeout: 15_000 },
  );
}

const softwareCard = (page: Page) => page.getByTestId('software-card');

async function toast(page: Page, text: string) {
  await expectVisible(page.getByText(text, { exact: true }).first(), `the toast '${text}'`);
}

async function downloadOf(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download;
}

describe('device software, features, private mode and delete', () => {
  test('Product Support updates the software and cancels it, saves features, downloads the certificate and the options file', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 1000 });
    await signInAs('productSupport');
    const device = softwareDevice(await lastDevices(page));
    await openDevice(page, device, 'overview');
    const card = softwareCard(page);
    await card.scrollIntoViewIfNeeded();

    // Update software: the newest release, its minimum version warning, Confirm.
    await card.getByRole('button', { name: 'Update Software' }).click();
    const select = card.getByRole('combobox', { name: 'Target Version' });
    await expect.poll(() => select.isEnabled(), { timeout: 15_000 }).toBe(true);
    await select.click();
    const option = page.getByRole('option').first();
    const label = (await option.innerText()).trim();
    const version = label.split(' ')[0]!;
    await option.click();
    await expectVisible(card.getByTestId('minimum-version-warning'), 'the minimum version warning');
    expect(await card.getByTestId('minimum-version-warning').innerText()).toMatch(
      /^The minimum required version for this release is [\d.]+\. Updating from older releases may break the antenna\.$/,
    );
    await screenshot(page, 'device-software-update');
    await card.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Software update queued.');
    await expect
      .poll(async () => (await apiAsUser<Device>(page, `/v2/devices/${device.id}`)).software)
      .toMatchObject({ targetVersion: version });
    await expectVisible(card.getByText(version, { exact: true }), 'the target version on the card');

    // Cancel the scheduled update.
    await card.getByRole('button', { name: 'Cancel Scheduled Update' }).click();
    await toast(page, 'Software update cancelled.');
    await expect
      .poll(async () => (await apiAsUser<Device>(page, `/v2/devices/${device.id}`)).software)
      .toMatchObject({ targetVersion: null });
    await expect
      .poll(() => card.getByRole('button', { name: 'Cancel Scheduled Update' }).count())
      .toBe(0);

    // Select features: the unsaved-changes warning, then Save issues the certificate.
    await card.getByRole('button', { name: 'Select Features' }).click();
    const form = card.getByTestId('feature-selection-form');
    await expectVisible(form, 'the feature selection');
    const wanted = ['AES256', 'LEOFAIL'];
    for (const box of await form.getByRole('checkbox').all()) {
      if (await box.isDisabled()) continue;
      const name = (await box.getAttribute('value')) ?? '';
      if ((await box.isChecked()) !== wanted.includes(name)) await box.click();
    }
    const changed = [...device.features].sort().join() !== wanted.join();
    if (changed) await expectVisible(card.getByTestId('unsaved-features'), 'the unsaved warning');
    await screenshot(page, 'device-software-features');
    await expectNoSeriousAxeViolations(page);
    await form.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Feature Certificate Generated');
    await expect
      .poll(async () => card.getByTestId('device-features').innerText())
      .toMatch(/AES256\s+LEOFAIL/);

    // Download Certificate: a JWS signed by the published provider key, for these features.
    const certificate = await downloadOf(page, () =>
      card.getByRole('button', { name: 'Download Certificate' }).click(),
    );
    const geoModem = serialOf(device, 'GeoModem')!;
    expect(certificate.suggestedFilename()).toBe(`${geoModem}-featureCertificate.jwt`);
    const token = (await readFile(await certificate.path())).toString('utf8');
    const keys: FeatureCertificateKeySet = featureCertificateKeySetSchema.parse(
      await apiAsUser(page, '/v2/info/featureCertificateKeys'),
    );
    const { payload } = await jwtVerify(token, createLocalJWKSet(keys), {
      typ: 'feature-certificate+jwt',
      algorithms: ['EdDSA'],
    });
    expect(payload).toMatchObject({ sub: device.id, features: wanted, serial: device.serial });

    // Download Options File: a zip named after the GeoModem with a valid .opt per antenna.
    const options = await downloadOf(page, () =>
      card.getByRole('button', { name: 'Download Options File' }).click(),
    );
    expect(options.suggestedFilename()).toBe(`${geoModem}-optionsFile.zip`);
    const files = await unzip(await readFile(await options.path()));
    expect([...files.keys()]).toContain(`${serialOf(device, 'Antenna')}.opt`);
    for (const bytes of files.values()) {
      const { content, validation } = readOptionsFile(bytes);
      expect(validation.isValid, JSON.stringify(validation)).toBe(true);
      expect(content?.deviceId).toBe(device.id);
      expect(content?.features.filter((f) => f.enabled).map((f) => f.shortcode)).toEqual(wanted);
    }
    await screenshot(page, 'device-software-card');
  });

  test('Super User turns private mode on and off with the typed first and last name', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 1000 });
    const user = await signInAs('superUser');
    const devices = await lastDevices(page);
    const taken = softwareDevice(devices).id;
    const device = devices.find(
      (d) => d.id !== taken && !d.private && serialOf(d, 'GeoModem') !== null,
    );
    if (!device) throw new Error('no demo device fits the private mode test');
    await openDevice(page, device, 'overview');
    const card = page.getByTestId('private-mode-card');
    await card.scrollIntoViewIfNeeded();
    await card.getByRole('switch', { name: 'Private Mode' }).click({ force: true });
    const dialog = page.getByRole('dialog', { name: 'Turn On Private Mode' });
    await expectVisible(dialog, 'the private mode confirmation');
    const box = await page.locator('.mantine-Modal-content').boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(960);
    const input = dialog.getByRole('textbox', { name: 'Your first and last name' });
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    await input.fill(`${user.firstName.toLowerCase()} ${user.lastName}`);
    expect(await confirm.isDisabled()).toBe(true);
    await expectVisible(
      dialog.getByText('The text must equal your first and last name exactly.'),
      'the mismatch message',
    );
    await screenshot(page, 'device-private-mode-wrong-name');
    await expectNoSeriousAxeViolations(page);
    await input.fill(`${user.firstName} ${user.lastName}`);
    expect(await confirm.isDisabled()).toBe(false);
    await confirm.click();
    await toast(page, 'Private mode turned on.');
    await expectVisible(page.getByText('Privacy Mode Enabled'), 'the private mode warning');
    expect((await apiAsUser<Device>(page, `/v2/devices/${device.id}`)).private).toBe(true);
    await screenshot(page, 'device-private-mode-on');

    // And back off, so the device is as the demo made it.
    await card.getByRole('switch', { name: 'Private Mode' }).click({ force: true });
    const off = page.getByRole('dialog', { name: 'Turn Off Private Mode' });
    await off.getByRole('textbox').fill(`${user.firstName} ${user.lastName}`);
    await off.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Private mode turned off.');
    expect((await apiAsUser<Device>(page, `/v2/devices/${device.id}`)).private).toBe(false);
  });

  test('Super User deletes a device from the Danger Zone and another by ctrl-click on its serial', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 1000 });
    await signInAs('superUser');
    const devices = await lastDevices(page);
    // The last two devices with a serial that the other tests of this file do not use.
    const used = new Set([softwareDevice(devices).id]);
    const privateCandidate = devices.find(
      (d) => !used.has(d.id) && !d.private && serialOf(d, 'GeoModem') !== null,
    );
    if (privateCandidate) used.add(privateCandidate.id);
    const [first, second] = devices.filter((d) => !used.has(d.id) && d.serial).slice(-2);
    if (!first || !second) throw new Error('no demo devices to delete');

    // The Danger Zone, then back to /devices.
    await openDevice(page, first, 'json');
    const zone = page.getByRole('region', { name: 'Danger Zone' });
    await zone.scrollIntoViewIfNeeded();
    await zone.getByRole('button', { name: 'Delete Device' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Device' });
    await expectVisible(dialog, 'the delete confirmation');
    await screenshot(page, 'device-delete-confirmation');
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Delete Device' }).click();
    await toast(page, `Device "${first.name}" deleted.`);
    await page.waitForURL((url) => url.pathname === '/devices', { timeout: 15_000 });
    await expect
      .poll(() => page.evaluate(async (id) => (await fetch(`/v2/devices/${id}`)).status, first.id))
      .toBe(401); // without a token: the call is refused before anything else
    await expect(apiAsUser(page, `/v2/devices/${first.id}`)).rejects.toThrow(/404/);

    // The hidden ctrl-click on a serial in the list.
    await page.goto(`${baseUrl()}/devices?q=${encodeURIComponent(second.serial!)}`);
    await waitForShell(page);
    const serial = page.getByRole('table').getByText(second.serial!, { exact: true });
    await expectVisible(serial, 'the device in the list');
    await serial.click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await serial.click({ modifiers: ['Control'] });
    const confirm = page.getByRole('dialog', { name: 'Delete Device' });
    await expectVisible(confirm, 'the delete confirmation from the list');
    await confirm.getByRole('button', { name: 'Delete Device' }).click();
    await toast(page, `Device "${second.name}" deleted.`);
    await expectVisible(page.getByText('No devices were found.'), 'the refreshed, empty list');
    await confirm.waitFor({ state: 'hidden' });
    await expect(apiAsUser(page, `/v2/devices/${second.id}`)).rejects.toThrow(/404/);
    await screenshot(page, 'device-delete-from-list');
  });
});
