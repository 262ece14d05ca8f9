// @vitest-environment jsdom
import { Notifications, notifications } from '@mantine/notifications';
import { cleanup, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { setupApiServer } from '../test/api-server';
import { createTestQueryClient, renderWithProviders } from '../test/render';
import { meQueryKey } from '../features/users';
import { createErrorHandler } from './services';

afterEach(() => {
  cleanup();
  notifications.clean();
});

// The error report (POST /v2/feed/errors) is answered and not looked at here.
setupApiServer(http.all('*', () => new HttpResponse(null, { status: 204 })));

describe('the detailed error snackbar', () => {
  it("shows a whole title, the server's message and the stack in a box of its own", async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(meQueryKey, {
      role: 'superUser',
      settings: { detailedErrors: true },
    });
    renderWithProviders(<Notifications />, { queryClient });
    const error = new ApiError({ status: 500, kind: 'http', message: 'The hub refused it.' });

    createErrorHandler(queryClient)(error);

    const title = await screen.findByText('Unexpected error');
    expect(title.style.whiteSpace).toBe('normal');
    expect(title.style.textOverflow).toBe('clip');
    expect(screen.getByText('The hub refused it.')).toBeDefined();
    expect(screen.queryByText('Internal Server Error')).toBeNull();
    expect(screen.getByTestId('error-stack').textContent).toContain('ApiError');
  });
});
