// @vitest-environment jsdom
import type { ListSetting, UserSettings } from '@aerie/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQueryKey } from '../../features/users/api/get-me';
import { configureApiClient } from '../../lib/api-client';
import { buildCurrentUser } from '../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../test/render';
import { ColumnEditorPane } from './column-editor-pane';
import { columnEditorTarget } from './column-editor-store';

afterEach(() => {
  cleanup();
  columnEditorTarget.set(null);
});

const subscriptions: ListSetting = {
  table: 'subscriptions',
  pageSize: 10,
  hiddenColumns: ['name'],
  reorderedColumns: [],
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async (_url, init) => {
    const body = JSON.parse(init?.body as string) as Partial<UserSettings>;
    const settings = { ...buildCurrentUser().settings, ...body };
    return new Response(JSON.stringify(settings), { status: 200 });
  });
  configureApiClient({ baseUrl: '', getAccessToken: () => 't', fetch: fetchMock });
});

function renderPane() {
  const queryClient = createTestQueryClient();
  const me = buildCurrentUser();
  queryClient.setQueryData(meQueryKey, {
    ...me,
    settings: { ...me.settings, listSettings: [subscriptions] },
  });
  return renderWithProviders(<ColumnEditorPane />, { queryClient });
}

describe('ColumnEditorPane', () => {
  it('says so when no list is on the page', () => {
    renderPane();
    expect(screen.getByText('Open a list to choose its columns.')).toBeTruthy();
  });

  it("saves the table's layout in listSettings, keeping the other tables' settings", async () => {
    const onPageSizeChange = vi.fn();
    columnEditorTarget.set({
      table: 'devices',
      title: 'Devices',
      columns: [
        { id: 'name', label: 'Name' },
        { id: 'serial', label: 'Serial' },
        { id: 'kpc', label: 'KPC' },
      ],
      onPageSizeChange,
    });
    renderPane();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show KPC' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move KPC up' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe('/v2/users/settings');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(init?.body as string)).toEqual({
      listSettings: [
        subscriptions,
        {
          table: 'devices',
          pageSize: 50,
          hiddenColumns: ['kpc'],
          reorderedColumns: ['name', 'kpc', 'serial'],
        },
      ],
    });
    expect(await screen.findByText('Saved to your settings.')).toBeTruthy();
    expect(onPageSizeChange).not.toHaveBeenCalled();
  });
});
