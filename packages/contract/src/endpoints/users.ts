import { endpoint } from '../http/endpoint.js';
import { currentUserSchema } from '../users/me.js';
import { updateUserSettingsSchema, userSettingsSchema } from '../users/settings.js';

/** The signed-in user and their settings. */
export const usersEndpoints = {
  me: endpoint({
    method: 'GET',
    path: '/v2/users/me',
    tags: ['users'],
    summary: 'The signed-in user',
    access: { kind: 'signedIn' },
    responses: { 200: currentUserSchema },
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/v2/users/settings',
    tags: ['users'],
    summary: "Update the signed-in user's settings",
    access: { kind: 'signedIn' },
    body: updateUserSettingsSchema,
    responses: { 200: userSettingsSchema },
  }),
} as const;
