// @vitest-environment jsdom
import { clearNotificationsSchema, notificationsEndpoints } from '@aerie/contract';
import { waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiHandler, setupApiServer } from '../../../test/api-server';
import { clearNotifications } from './clear-notifications';

const server = setupApiServer(
  apiHandler(notificationsEndpoints.clear, () => new HttpResponse(null, { status: 204 })),
);

describe('clearNotifications', () => {
  it('asks to clear every notification with an explicit "all": true', async () => {
    await clearNotifications();
    await waitFor(() =>
      expect(server.sentTo(notificationsEndpoints.clear)).toEqual([{ all: true }]),
    );
  });

  it('sends a body the contract accepts, where an empty one is refused', () => {
    expect(clearNotificationsSchema.safeParse({ all: true }).success).toBe(true);
    expect(clearNotificationsSchema.safeParse({}).success).toBe(false);
  });
});
