// @vitest-environment jsdom
import {
  type DeviceCommand,
  deviceFeaturesEndpoints,
  deviceOperationsEndpoints,
  devicesEndpoints,
  referenceEndpoints,
  type RoleKey,
} from '@aerie/contract';
import { Notifications, notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiAnswer, apiError, apiHandler, setupApiServer } from '../../../../test/api-server';
import { renderWithProviders } from '../../../../test/render';
import { deviceQueryKey } from '../../api/get-device';
import { buildDevice } from '../../../../test/device.fixture';
import { SoftwareCard } from './software-card';

afterEach(() => {
  cleanup();
  notifications.clean();
});

const device = buildDevice({
  features: ['AES256'],
  software: {
    currentVersion: '5.0.0',
    targetVersion: null,
    locked: false,
    lastUpdatedOn: null,
    lastCheckin: '2026-11-22T07:04:09.000Z',
  },
});

const versions = [
  { id: 5, version: '5.1.1', releaseDate: '2026-03-02', minimumRequiredVersion: '4.9.0' },
  { id: 7, version: '5.3.0', releaseDate: '2026-10-06', minimumRequiredVersion: '5.1.0' },
];
const features = [
  { id: 1, shortcode: 'AES256', name: 'AES-256', description: 'Encrypts.', enabled: true },
  { id: 2, shortcode: 'TRANSEC', name: 'TRANSEC', description: 'Secures.', enabled: true },
  { id: 7, shortcode: 'DIAGPLUS', name: 'Diag', description: 'More logs.', enabled: false },
];

const COMMAND = deviceOperationsEndpoints.command;
const FEATURES = deviceFeaturesEndpoints.save;
const server = setupApiServer(
  apiAnswer(referenceEndpoints.softwareVersions, versions),
  apiAnswer(referenceEndpoints.antennaFeatures, features),
  apiAnswer(devicesEndpoints.get, device),
  // Anything else fails as a server error.
  http.all('*', () => HttpResponse.json({}, { status: 500 })),
);

function renderCard(role: RoleKey = 'superUser', d = device) {
  return renderWithProviders(
    <>
      <Notifications />
      <SoftwareCard device={d} role={role} />
    </>,
  );
}

const calls = (method: string, path: string) =>
  server.requests().filter((request) => request.method === method && request.path.startsWith(path));
const commandUrl = (cmd: string) => `/v2/devices/${device.id}/command/${cmd}`;
const commandResult = (cmd: DeviceCommand) =>
  apiAnswer(COMMAND, { command: cmd, deviceId: device.id, job: null });

describe('SoftwareCard: actions by role', () => {
  it('offers Super User every action', () => {
    renderCard('superUser');
    const actions = screen.getByRole('group', { name: 'Software actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Update Software',
      'Lock',
      'Select Features',
      'Download Certificate',
      'Download Options File',
    ]);
  });

  it('gives Account Admin the software commands and the options file, not features', () => {
    renderCard('accountAdmin');
    expect(screen.getByRole('button', { name: 'Update Software' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Select Features' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download Options File' })).toBeDefined();
  });

  it('gives Credentialed the downloads only, and Sales Support only the certificate', () => {
    renderCard('credentialed');
    let buttons = within(screen.getByRole('group', { name: 'Software actions' })).getAllByRole(
      'button',
    );
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Download Certificate',
      'Download Options File',
    ]);
    cleanup();
    renderCard('salesSupport');
    buttons = within(screen.getByRole('group', { name: 'Software actions' })).getAllByRole(
      'button',
    );
    expect(buttons.map((b) => b.textContent)).toEqual(['Download Certificate']);
  });

  it('shows the grey text instead of Download Certificate without a public key', () => {
    renderCard('superUser', buildDevice({ publicKey: null }));
    expect(screen.queryByRole('button', { name: 'Download Certificate' })).toBeNull();
    expect(screen.getByTestId('no-certificate').textContent).toBe(
      'Certificate is not available for this device.',
    );
  });
});

describe('SoftwareCard: update-software mode', () => {
  it('queues the chosen version after showing its minimum required version', async () => {
    server.use(commandResult('updateSoftware'));
    const { queryClient } = renderCard();
    queryClient.setQueryData(deviceQueryKey(device.id), device);
    fireEvent.click(screen.getByRole('button', { name: 'Update Software' }));
    const form = await screen.findByTestId('software-update-form');
    const confirm = within(form).getByRole('button', { name: 'Confirm' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    const select = within(form).getByRole('combobox', { name: 'Target Version' });
    await waitFor(() => expect(select.hasAttribute('disabled')).toBe(false));
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: '5.3.0 (released 2026-10-06)' }));
    expect(screen.getByTestId('minimum-version-warning').textContent).toBe(
      'The minimum required version for this release is 5.1.0. Updating from older releases may break the antenna.',
    );
    expect(calls('GET', '/v3/info/softwareVersions')[0]?.path).toBe(
      '/v3/info/softwareVersions?currentVersion=5.0.0',
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Software update queued.')).toBeDefined();
    expect(calls('POST', commandUrl('updateSoftware'))[0]?.body).toEqual({ data: '5.3.0' });
    await waitFor(() => expect(screen.queryByTestId('software-update-form')).toBeNull());
    // The device is refetched after the command.
    expect(queryClient.getQueryState(deviceQueryKey(device.id))?.isInvalidated).toBe(true);
  });

  it('disables the dropdown with the spec message when there is no newer release', async () => {
    server.use(apiAnswer(referenceEndpoints.softwareVersions, []));
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Update Software' }));
    expect(
      await screen.findByText(
        'There are no available updates for this Device. Please ensure the Device has checked in at least once to provide the system the Current Firmware.',
      ),
    ).toBeDefined();
    expect(screen.getByRole('combobox', { name: 'Target Version' }).hasAttribute('disabled')).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Update Software' })).toBeDefined();
  });

  it('says the update could not be queued and stays in the mode', async () => {
    server.use(apiHandler(COMMAND, () => apiError(400, 'x')));
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Update Software' }));
    const select = await screen.findByRole('combobox', { name: 'Target Version' });
    await waitFor(() => expect(select.hasAttribute('disabled')).toBe(false));
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: /^5\.1\.1/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Error encountered while attempting to queue software update.'),
    ).toBeDefined();
    expect(screen.getByTestId('software-update-form')).toBeDefined();
  });
});

describe('SoftwareCard: commands', () => {
  it('cancels a scheduled update', async () => {
    server.use(commandResult('cancelSoftwareUpdate'));
    renderCard('productSupport', {
      ...device,
      software: { ...device.software, targetVersion: '5.3.0' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Scheduled Update' }));
    expect(await screen.findByText('Software update cancelled.')).toBeDefined();
    expect(calls('POST', commandUrl('cancelSoftwareUpdate'))).toHaveLength(1);
  });

  it('says when cancelling failed', async () => {
    server.use(apiHandler(COMMAND, () => apiError(409, 'x')));
    renderCard('superUser', {
      ...device,
      software: { ...device.software, targetVersion: '5.3.0' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Scheduled Update' }));
    expect(
      await screen.findByText('Error encountered while attempting to cancel software update.'),
    ).toBeDefined();
  });

  it('offers no cancel without a scheduled update', () => {
    renderCard();
    expect(screen.queryByRole('button', { name: 'Cancel Scheduled Update' })).toBeNull();
  });

  it('keeps Update Software from a locked device and says why', () => {
    renderCard('superUser', { ...device, software: { ...device.software, locked: true } });
    const update = screen.getByRole('button', { name: 'Update Software' });
    expect(update.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(update);
    expect(screen.queryByTestId('software-update-form')).toBeNull();
    expect(
      screen.getByText('The software of this device is locked. Unlock it before updating.'),
    ).toBeDefined();
  });

  it('keeps Lock from a device with a scheduled update and says why', () => {
    renderCard('superUser', {
      ...device,
      software: { ...device.software, targetVersion: '5.3.0' },
    });
    const lock = screen.getByRole('button', { name: 'Lock' });
    expect(lock.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(lock);
    expect(calls('POST', commandUrl('lockSoftware'))).toHaveLength(0);
    expect(
      screen.getByText(
        'A software update is scheduled for this device. Cancel it before locking the software.',
      ),
    ).toBeDefined();
  });

  it('unlocks a locked device, and names the command when it fails', async () => {
    server.use(apiHandler(COMMAND, () => apiError(500, 'x')));
    renderCard('accountAdmin', { ...device, software: { ...device.software, locked: true } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(
      await screen.findByText(`Error executing command unlockSoftware on device ${device.id}`),
    ).toBeDefined();
    expect(calls('POST', commandUrl('unlockSoftware'))).toHaveLength(1);
  });
});

describe('SoftwareCard: select-features mode', () => {
  it('warns of unsaved changes and saves the selection, generating the certificate', async () => {
    server.use(
      apiAnswer(FEATURES, {
        features: ['AES256', 'TRANSEC'],
        publicKey: device.publicKey,
        certificate: { keyId: 'k', issuedAt: '2026-11-22T12:00:00.000Z', features: [] },
      }),
    );
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Select Features' }));
    const form = await screen.findByTestId('feature-selection-form');
    const aes = within(form).getByRole('checkbox', { name: 'AES-256 (AES256)' });
    expect((aes as HTMLInputElement).checked).toBe(true);
    expect(
      within(form).getByRole('checkbox', { name: 'Diag (DIAGPLUS)' }).hasAttribute('disabled'),
    ).toBe(true);
    expect(screen.queryByTestId('unsaved-features')).toBeNull();
    fireEvent.click(within(form).getByRole('checkbox', { name: 'TRANSEC (TRANSEC)' }));
    expect(screen.getByTestId('unsaved-features')).toBeDefined();
    // Back to the device's selection: no warning.
    fireEvent.click(within(form).getByRole('checkbox', { name: 'TRANSEC (TRANSEC)' }));
    expect(screen.queryByTestId('unsaved-features')).toBeNull();
    fireEvent.click(within(form).getByRole('checkbox', { name: 'TRANSEC (TRANSEC)' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Feature Certificate Generated')).toBeDefined();
    expect(calls('POST', `/v2/devices/${device.id}/features`)[0]?.body).toEqual([
      'AES256',
      'TRANSEC',
    ]);
    await waitFor(() => expect(screen.queryByTestId('feature-selection-form')).toBeNull());
  });

  it('shows the spec failure text when the certificate cannot be generated', async () => {
    server.use(apiHandler(FEATURES, () => apiError(400, 'x')));
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Select Features' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Error encountered while attempting to generate certificate.'),
    ).toBeDefined();
  });

  it('Cancel leaves the features as they were', async () => {
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Select Features' }));
    const form = await screen.findByTestId('feature-selection-form');
    fireEvent.click(within(form).getByRole('checkbox', { name: 'TRANSEC (TRANSEC)' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('device-features').textContent).toBe('AES256');
    expect(calls('POST', `/v2/devices/${device.id}/features`)).toHaveLength(0);
  });
});

describe('SoftwareCard: downloads', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
  });

  it('saves the options file under the name the server gave', async () => {
    server.use(
      apiHandler(
        deviceFeaturesEndpoints.optionsFiles,
        () =>
          new HttpResponse('PK', {
            headers: { 'Content-Disposition': 'attachment; filename="GM00042-optionsFile.zip"' },
          }),
      ),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderCard('credentialed');
    fireEvent.click(screen.getByRole('button', { name: 'Download Options File' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('GM00042-optionsFile.zip');
    expect(calls('GET', '/v2/devices')[0]?.path).toBe(
      `/v2/devices/${device.id}/downloadOptionsFiles`,
    );
    click.mockRestore();
  });

  it("shows the server's reason when the options file cannot be downloaded", async () => {
    server.use(
      apiHandler(deviceFeaturesEndpoints.optionsFiles, () => apiError(409, 'No antenna.')),
    );
    renderCard('credentialed');
    fireEvent.click(screen.getByRole('button', { name: 'Download Options File' }));
    expect(await screen.findByText('Error downloading options file: No antenna.')).toBeDefined();
  });

  it('downloads the certificate, and says so when that fails', async () => {
    server.use(apiHandler(deviceFeaturesEndpoints.certificate, () => apiError(404, 'x')));
    renderCard('credentialed');
    fireEvent.click(screen.getByRole('button', { name: 'Download Certificate' }));
    expect(await screen.findByText('Error downloading file.')).toBeDefined();
    expect(calls('GET', '/v2/devices')[0]?.path).toBe(
      `/v2/devices/${device.id}/featureCertificate`,
    );
  });
});
