import {
  isComponentModelEditable,
  missingInventoryRequirements,
  type Device,
  type DeviceList,
  type DeviceModel,
  type NetworkMapping,
  type RoleKey,
} from '@aerie/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAsUser } from './support/api.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { expectVisible } from './support/auth.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';
import { untilStill } from './support/settle.js';
import { signInAsRole, waitForShell } from './support/shell.js';

const session = useBrowser();

const signInAs = (role: RoleKey) => signInAsRole(session.page, role);

let chosen: Device | null = null;

/**
 * This file's device, by a rule no other browser test uses: the last Northwind device by name
 * (so the Account Admin sees it too) with an Evolution subscription, no past subscriptions
 * (the overview test's device has some) and everything the Network Inventory requires.
 */
async function configurationDevice(page: Page): Promise<Device> {
  if (chosen) return chosen;
  const list = await apiAsUser<DeviceList>(
    page,
    '/v2/devices?take=500&sortField=Name&sortDirection=DESC&fields=Id,AccountName',
  );
  for (const item of list.items.filter((i) => i.accountName?.startsWith('Northwind'))) {
    const device = await apiAsUser<Device>(page, `/v2/devices/${item.id}`);
    if (
      device.activeSubscription?.requiresNetworkConfiguration === true &&
      device.subscriptionHistory.length === 0 &&
      missingInventoryRequirements(device).length === 0
    ) {
      chosen = device;
      return device;
    }
  }
  throw new Error('the demo fleet has no Northwind device with an Evolution subscription');
}

async function openConfiguration(page: Page, device: Device): Promise<void> {
  await page.goto(`${baseUrl()}/devices/${device.id}/configuration`);
  await waitForShell(page);
  await expectVisible(
    page.getByRole('heading', { level: 2, name: 'Satellite Network Configuration' }),
    'the network configuration card',
  );
}

const card = (page: Page, id: string): Locator => page.getByTestId(id);

/** Scrolls a card into the detail pane's view, so screenshots show it. */
async function reveal(locator: Locator): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  await untilStill(locator.page().getByTestId('detail-pane'));
}

describe('device configuration', () => {
  test('Product Support edits the network configuration: wrong gateway, auto-calculate, save, kept after reload', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 1000 });
    await signInAs('productSupport');
    const device = await configurationDevice(page);
    await openConfiguration(page, device);
    const config = card(page, 'network-configuration-card');
    await config.getByRole('button', { name: 'Edit' }).click();
    const values: Record<string, string> = {
      'ETH0 IP': '10.77.5.1',
      'ETH0 Subnet Mask': '255.255.255.0',
      'SAT0 IP': '172.21.4.2',
      'SAT0 Subnet Mask': '255.255.255.252',
      'MGMT IP': '192.168.77.10',
      'MGMT Subnet Mask': '255.255.255.0',
      'DHCP Gateway': '10.77.5.9',
      'DHCP Range Start': '10.77.5.2',
      'DHCP Range End': '10.77.5.254',
    };
    for (const [label, value] of Object.entries(values))
      await config.getByRole('textbox', { name: label, exact: true }).fill(value);
    await config.getByRole('button', { name: 'Save' }).click();
    await expectVisible(
      config.getByRole('alert').getByText('DHCP Gateway value should be 10.77.5.1.'),
      'the gateway rule',
    );
    await screenshot(page, 'device-configuration-wrong-gateway');

    await config.getByRole('button', { name: 'Auto-calculate DHCP' }).click();
    await expect
      .poll(() => config.getByRole('textbox', { name: 'DHCP Gateway' }).inputValue())
      .toBe('10.77.5.1');
    expect(await config.getByRole('textbox', { name: 'DHCP Range Start' }).inputValue()).toBe(
      '10.77.5.2',
    );
    await config.getByRole('button', { name: 'Save' }).click();
    await expectVisible(page.getByText('Network configuration saved.'), 'the saved toast');
    await expectVisible(config.getByRole('button', { name: 'Edit' }), 'the card out of editing');

    await page.reload();
    await openConfiguration(page, device);
    await expectVisible(config.getByText('10.77.5.254', { exact: true }), 'the kept range end');
    expect(await config.getByText('10.77.5.1', { exact: true }).count()).toBe(2);
    const stored = await apiAsUser<Device>(page, `/v2/devices/${device.id}`);
    expect(stored.satelliteNetworkConfiguration).toMatchObject({
      eth0IpAddress: '10.77.5.1',
      dhcpGateway: '10.77.5.1',
      dhcpClientIpRangeEnd: '10.77.5.254',
    });
    await screenshot(page, 'device-configuration-network-saved');
    await expectNoSeriousAxeViolations(page);
  });

  test('Product Support edits the beams and loads a template', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 1000 });
    await signInAs('productSupport');
    const device = await configurationDevice(page);
    await openConfiguration(page, device);
    const inventory = card(page, 'network-inventory-card');
    await expectVisible(inventory.getByRole('table', { name: 'Beams' }), 'the beam list');
    await reveal(inventory);
    const before = await apiAsUser<NetworkMapping>(
      page,
      `/v1/provision/networks/remote/${device.id}`,
    );
    const extra = before.networks.find((n) => !n.isRequired);
    if (!extra) throw new Error('every beam of the hub is required already');

    await inventory.getByRole('button', { name: 'Edit Beams' }).click();
    for (const n of before.networks) {
      const box = inventory.getByRole('checkbox', { name: `Require ${n.displayName}` });
      expect(await box.isChecked(), n.displayName).toBe(n.isRequired);
    }
    await inventory.getByRole('checkbox', { name: `Require ${extra.displayName}` }).check();
    await screenshot(page, 'device-configuration-beams-editing');
    await inventory.getByRole('button', { name: 'Save' }).click();
    await expectVisible(page.getByText('Networks saved successfully.'), 'the networks toast');
    const after = await apiAsUser<NetworkMapping>(
      page,
      `/v1/provision/networks/remote/${device.id}`,
    );
    expect(after.networks.find((n) => n.networkId === extra.networkId)?.isRequired).toBe(true);

    await inventory.getByRole('button', { name: `Load Template for ${extra.displayName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Network Template: ${extra.displayName}` });
    await expectVisible(dialog, 'the template modal');
    const box = dialog.getByTestId('template-box');
    await expect.poll(() => box.inputValue()).toContain('"downstream"');
    expect(
      await dialog.evaluate((el) => Math.round(el.getBoundingClientRect().width)),
    ).toBeLessThanOrEqual(600);
    await screenshot(page, 'device-configuration-template');
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
  });

  test('Product Support configures a component model', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 1000 });
    await signInAs('productSupport');
    const device = await configurationDevice(page);
    await openConfiguration(page, device);
    const models = await apiAsUser<DeviceModel[]>(page, '/v2/info/deviceModels');
    const components = card(page, 'components-card');
    await reveal(components);
    await components.getByRole('button', { name: 'Configure' }).click();

    // A model the device may choose (BUC or GeoModem when its product leaves it open), else
    // the LNB's model is cleared.
    const editable = device.components.find(
      (c) =>
        (c.type === 'BUC' || c.type === 'GeoModem') &&
        isComponentModelEditable(c.type, device.product),
    );
    const target = editable ?? device.components.find((c) => c.type === 'LNB');
    if (!target) throw new Error('the device has no component whose model may change');
    const next = editable
      ? models.find((m) => m.componentType === target.type && m.shortcode !== target.model)!
          .shortcode
      : null;
    const select = components.getByRole('combobox', {
      name: `Model of ${target.type} ${target.serial}`,
    });
    if (next) {
      await select.click();
      await page.getByRole('option', { name: next, exact: true }).click();
    } else {
      await components
        .getByRole('button', { name: `Clear the model of ${target.type} ${target.serial}` })
        .click();
    }
    const preset = device.components.find(
      (c) => c.type === 'GeoModem' && !isComponentModelEditable(c.type, device.product),
    );
    if (preset) {
      await components
        .getByRole('combobox', { name: `Model of GeoModem ${preset.serial}` })
        .hover({ force: true });
      await expectVisible(
        page.getByText(
          'Model assignment for this field is managed via Salesforce Product metadata.',
        ),
        'the preset tooltip',
      );
    }
    await screenshot(page, 'device-configuration-components');
    await components.getByRole('button', { name: 'Save' }).click();
    await expectVisible(page.getByText('Component models saved.'), 'the saved toast');
    const stored = await apiAsUser<Device>(page, `/v2/devices/${device.id}`);
    expect(stored.components.find((c) => c.serial === target.serial)?.model).toBe(next);
  });

  test('the Account Admin sees the configuration without Edit, Edit Beams or Configure', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 1000 });
    if (!chosen) {
      // Run on its own: find the device as Product Support first, then sign in afresh.
      await signInAs('productSupport');
      await configurationDevice(page);
      await page.context().clearCookies();
      await page.evaluate(() => sessionStorage.clear());
    }
    await signInAs('accountAdmin');
    const device = await configurationDevice(page);
    await openConfiguration(page, device);
    await expectVisible(
      card(page, 'network-inventory-card').getByRole('table', { name: 'Beams' }),
      'the beam list',
    );
    await expectVisible(card(page, 'sim-configuration-card'), 'the SIM card');
    expect(
      await card(page, 'network-configuration-card').getByRole('button', { name: 'Edit' }).count(),
    ).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit Beams' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Load Template/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Configure' }).count()).toBe(0);
    await screenshot(page, 'device-configuration-account-admin');
    await expectNoSeriousAxeViolations(page);
  });
});
