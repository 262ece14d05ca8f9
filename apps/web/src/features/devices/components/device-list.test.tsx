// @vitest-environment jsdom
import {
  type DeviceList as DeviceListResponse,
  deviceOperationsEndpoints,
  devicesEndpoints,
} from '@aerie/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultListLayout } from '../../../components/data-table/list-layout';
import { apiAnswer, apiError, apiHandler, setupApiServer } from '../../../test/api-server';
import { buildNetworkStatus } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { DeviceList } from './device-list';
import { DeviceTable, deviceListColumns } from './device-table';

afterEach(cleanup);

const ACCOUNT = '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a00';
const page: DeviceListResponse = {
  total: 2,
  items: [
    {
      id: '2f0c9a3e-7a55-4c1e-9a11-5a1b2c3d4e5f',
      name: 'Atlantic Voyager',
      serial: 'KAN-0001',
      productCode: 'KPC-100',
      accountId: ACCOUNT,
      accountName: 'Northwind Maritime',
      networkStatus: buildNetworkStatus({ satelliteOnline: true }),
    },
    {
      id: '3a1d0b4f-8b66-4d2f-8b22-6b2c3d4e5f60',
      name: 'Baltic Star',
      serial: 'KAN-0002',
      productCode: null,
      accountId: ACCOUNT,
      accountName: 'Northwind Maritime',
    },
  ],
};

const server = setupApiServer(
  apiAnswer(devicesEndpoints.list, page),
  apiAnswer(devicesEndpoints.summary, { total: 2, online: 1, offline: 0 }),
);

/** The list's requests (the summary is asked beside it). */
function requests(): URLSearchParams[] {
  return server
    .requests()
    .filter((request) => request.url.pathname === '/v2/devices')
    .map((request) => request.url.searchParams);
}

function summaryRequests(): URLSearchParams[] {
  return server
    .requests()
    .filter((request) => request.url.pathname === '/v2/devices/summary')
    .map((request) => request.url.searchParams);
}

function renderList(path = '/devices', canDelete = false) {
  return renderWithProviders(
    <DeviceList
      accounts={[{ id: ACCOUNT, name: 'Northwind Maritime' }]}
      layout={defaultListLayout(deviceListColumns)}
      onEditColumns={() => undefined}
      columnEditorOpen={false}
      canDelete={canDelete}
    />,
    { path },
  );
}

describe('DeviceList', () => {
  it('asks the server for the first 50 by Name ascending and shows the rows and total', async () => {
    renderList();
    const table = await screen.findByRole('table', { name: 'Devices' });
    await within(table).findByText('Atlantic Voyager');
    const first = requests()[0];
    expect(first?.get('skip')).toBe('0');
    expect(first?.get('take')).toBe('50');
    expect(first?.get('sortField')).toBe('Name');
    expect(first?.get('sortDirection')).toBe('ASC');
    expect(screen.getByTestId('device-total').textContent).toBe('2 devices');
    const link = within(table).getByRole('link', { name: 'Atlantic Voyager' });
    expect(link.getAttribute('href')).toBe(
      '/devices/2f0c9a3e-7a55-4c1e-9a11-5a1b2c3d4e5f/overview',
    );
    const [voyager] = within(table).getAllByRole('row').slice(1);
    expect(within(voyager!).getByText('Online')).toBeTruthy();
    expect(within(voyager!).getByText('Unknown')).toBeTruthy();
    const header = within(table).getByRole('columnheader', { name: /Name/ });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
  });

  it('summarises the filter above the table: online and offline with words, unknown when any', async () => {
    renderList(`/devices?q=kan&satellite=online&page=2`);
    const summary = await screen.findByRole('group', { name: 'Online state of the devices found' });
    expect(summary.textContent).toBe('1 online0 offline1 unknown');
    const asked = summaryRequests()[0];
    expect(asked?.get('query')).toBe('kan');
    expect(asked?.get('filters')).toBe('NetworkStatus.SatelliteOnline:true');
    // Paging and sorting are not the summary's: it is not asked again for another page.
    expect(asked?.has('skip')).toBe(false);
    expect(asked?.has('sortField')).toBe(false);
  });

  it('reads the view from the address: filters, sort, page and page size', async () => {
    renderList(
      `/devices?q=kan&account=${ACCOUNT}&satellite=online&cellular=offline&sort=kpc&dir=desc&page=2&pageSize=10`,
    );
    await waitFor(() => expect(requests().length).toBeGreaterThan(0));
    const request = requests()[0];
    expect(request?.get('skip')).toBe('10');
    expect(request?.get('take')).toBe('10');
    expect(request?.get('sortField')).toBe('ProductCode');
    expect(request?.get('sortDirection')).toBe('DESC');
    expect(request?.get('query')).toBe('kan');
    expect(request?.get('filters')).toBe(
      `NetworkStatus.SatelliteOnline:true,NetworkStatus.CellularOnline:false,AccountId:${ACCOUNT}`,
    );
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' }).value).toBe('kan');
  });

  it("reads the home page's state filter from the address and shows it in the State select", async () => {
    renderList('/devices?state=OfflineOver24h');
    await waitFor(() => expect(requests().length).toBeGreaterThan(0));
    expect(requests()[0]?.get('filters')).toBe('State:OfflineOver24h');
    await waitFor(() => expect(summaryRequests()[0]?.get('filters')).toBe('State:OfflineOver24h'));
    const select = screen.getByRole<HTMLInputElement>('combobox', { name: 'State' });
    expect(select.value).toBe('Offline over 24 h');
  });

  it('sorts on the server when a header is clicked, flipping the direction on a second click', async () => {
    renderList();
    const table = await screen.findByRole('table', { name: 'Devices' });
    fireEvent.click(within(table).getByRole('button', { name: 'Serial' }));
    await waitFor(() => expect(requests().at(-1)?.get('sortField')).toBe('Serial'));
    expect(requests().at(-1)?.get('sortDirection')).toBe('ASC');
    fireEvent.click(within(table).getByRole('button', { name: 'Serial' }));
    await waitFor(() => expect(requests().at(-1)?.get('sortDirection')).toBe('DESC'));
  });

  it('sends the typed text after a pause, not on every key', async () => {
    renderList();
    await screen.findByText('Atlantic Voyager');
    const calls = requests().length;
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'b' } });
    fireEvent.change(box, { target: { value: 'ba' } });
    fireEvent.change(box, { target: { value: 'bal' } });
    expect(requests().length).toBe(calls);
    await waitFor(() => expect(requests().at(-1)?.get('query')).toBe('bal'));
    expect(requests().filter((r) => r.has('query'))).toHaveLength(1);
  });

  it('shows "No devices were found." when nothing matches', async () => {
    server.use(apiAnswer(devicesEndpoints.list, { items: [], total: 0 }));
    renderList();
    expect(await screen.findByText('No devices were found.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Export to CSV' }).disabled).toBe(
      true,
    );
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    server.use(apiHandler(devicesEndpoints.list, () => apiError(400, 'boom')));
    renderList();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('The devices could not be loaded.')).toBeTruthy();
    server.use(apiAnswer(devicesEndpoints.list, page));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Atlantic Voyager')).toBeTruthy();
  });

  it('shows the columns in the saved order without the hidden ones', async () => {
    renderWithProviders(
      <DeviceList
        accounts={[]}
        layout={{
          pageSize: 25,
          order: ['serial', 'name', 'kpc', 'account', 'satelliteOnline', 'cellularOnline'],
          hidden: ['kpc', 'account'],
        }}
        onEditColumns={() => undefined}
        columnEditorOpen={false}
      />,
      { path: '/devices' },
    );
    const table = await screen.findByRole('table', { name: 'Devices' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Serial', 'Name', 'Satellite', 'Cellular']);
    expect(requests()[0]?.get('take')).toBe('25');
  });
});

describe('DeviceList: the account filter', () => {
  it('starts a new search when typing while "All" is chosen, and says sub-accounts are included', async () => {
    renderList();
    await screen.findByText('Atlantic Voyager');
    const select = screen.getByRole<HTMLInputElement>('combobox', { name: 'Account' });
    expect(select.value).toBe('All');
    // Keys typed after "All" (whether or not focus opened the list): a search for them alone.
    select.focus();
    fireEvent.change(select, { target: { value: `${select.value}North` } });
    await waitFor(() => expect(select.value).toBe('North'));
    fireEvent.click(await screen.findByRole('option', { name: 'Northwind Maritime' }));
    await waitFor(() => expect(requests().at(-1)?.get('filters')).toBe(`AccountId:${ACCOUNT}`));
    const hint = document.getElementById(select.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe("An account includes its sub-accounts' devices.");
    expect(screen.getAllByText("An account includes its sub-accounts' devices.")).toHaveLength(2);
  });

  it('empties the search when the list opens on "All"', async () => {
    renderList();
    await screen.findByText('Atlantic Voyager');
    const select = screen.getByRole<HTMLInputElement>('combobox', { name: 'Account' });
    fireEvent.click(select);
    await waitFor(() => expect(select.value).toBe(''));
    expect(select.placeholder).toBe('All');
    fireEvent.blur(select);
    await waitFor(() => expect(select.value).toBe('All'));
  });
});

describe('DeviceTable: the open device', () => {
  it('marks the row of the device open in the detail pane, and no other', async () => {
    renderWithProviders(
      <DeviceTable
        devices={page.items}
        columnOrder={deviceListColumns.map((c) => c.id)}
        hiddenColumns={[]}
        sort="name"
        direction="asc"
        onSortChange={() => undefined}
        linkSearch={{}}
        loading={false}
        busy={false}
        openDeviceId={page.items[1]!.id}
      />,
      { path: '/devices' },
    );
    const table = await screen.findByRole('table', { name: 'Devices' });
    const [voyager, star] = within(table).getAllByRole('row').slice(1);
    expect(star!.getAttribute('aria-current')).toBe('true');
    expect(voyager!.hasAttribute('aria-current')).toBe(false);
  });
});

describe('DeviceList: the hidden delete (spec 001 §2)', () => {
  it('asks to delete a device on ctrl-click on its serial, deletes it and refetches the list', async () => {
    const { queryClient } = renderList('/devices', true);
    const serial = await screen.findByText('KAN-0002');
    fireEvent.click(serial);
    expect(screen.queryByRole('dialog')).toBeNull();
    server.use(
      apiHandler(deviceOperationsEndpoints.remove, () => new HttpResponse(null, { status: 204 })),
    );
    fireEvent.click(serial, { ctrlKey: true });
    const dialog = await screen.findByRole('dialog', { name: 'Delete Device' });
    expect(dialog.textContent).toContain('Baltic Star');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Device' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const deletion = server.requests().find((request) => request.method === 'DELETE');
    expect(deletion?.path).toBe('/v2/devices/3a1d0b4f-8b66-4d2f-8b22-6b2c3d4e5f60');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['devices'] });
  });

  it('does nothing on ctrl-click for roles that may not delete', async () => {
    renderList('/devices', false);
    fireEvent.click(await screen.findByText('KAN-0002'), { ctrlKey: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
