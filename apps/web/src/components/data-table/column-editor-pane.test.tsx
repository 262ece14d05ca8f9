// @vitest-environment jsdom
import { type ListSetting, usersEndpoints, type UserSettings } from '@aerie/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQueryKey } from '../../features/users';
import { apiHandler, setupApiServer } from '../../test/api-server';
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

const server = setupApiServer(
  apiHandler(usersEndpoints.updateSettings, async ({ request }) => {
    const body = (await request.json()) as Partial<UserSettings>;
    return HttpResponse.json({ ...buildCurrentUser().settings, ...body });
  }),
);

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

    await waitFor(() => expect(server.requests()).toHaveLength(2));
    const request = server.requests()[1];
    expect(request?.path).toBe('/v2/users/settings');
    expect(request?.method).toBe('PUT');
    expect(request?.body).toEqual({
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
