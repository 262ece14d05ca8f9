import { describe, expect, it } from 'vitest';
import { roleKeys, type RoleKey } from '@aerie/contract';
import { useApiContext } from './test/test-app.js';

/**
 * Who may call each route of the application shell issue: the expected status
 * for each of the six demo users, in the order of `roleKeys` (superUser,
 * providerAdmin, salesSupport, productSupport, accountAdmin, credentialed).
 */
type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (role: RoleKey) => string;
  body?: (role: RoleKey) => unknown;
  expected: [number, number, number, number, number, number];
  /** Whether the route answers without a token (else 401). */
  public?: boolean;
  /** Told each role's answer (to keep what a later row addresses). */
  answered?: (role: RoleKey, body: unknown) => void;
};

/** The API client each role made: ids end in a random part, known only from the answer. */
const createdClients: Partial<Record<RoleKey, string>> = {};

const all = (s: number): Row['expected'] => [s, s, s, s, s, s];
const staffAdmin = (s: number): Row['expected'] => [s, s, 403, 403, 403, 403];
const staff = (s: number): Row['expected'] => [s, s, s, s, 403, 403];
const hardware = (s: number): Row['expected'] => [s, s, 403, s, 403, 403];
/** Diagnostic bundles: Super User, the brand Admin and Sales Support (`diagnostics.upload`). */
const diagnostics = (s: number): Row['expected'] => [s, s, s, 403, 403, 403];
const meta = { screenResolution: '1x1', windowResolution: '1x1', userAgent: 'ua', url: '/' };

const matrix: Row[] = [
  { method: 'GET', url: () => '/v2/accounts', expected: all(200) },
  { method: 'GET', url: () => '/v2/accounts/sharedWith', expected: all(200) },
  { method: 'GET', url: () => '/v2/users/client', expected: all(200) },
  {
    method: 'POST',
    url: () => '/v2/users/client',
    body: (role) => ({ clientId: `matrix-${role}`, secret: 's' }),
    expected: all(201),
    answered: (role, body) => {
      createdClients[role] = (body as { clientId: string }).clientId;
    },
  },
  {
    method: 'DELETE',
    url: (role) => `/v2/users/client/${createdClients[role] ?? `matrix-${role}`}`,
    expected: all(204),
  },
  { method: 'GET', url: () => '/v1/notifications', expected: all(200) },
  { method: 'PUT', url: () => '/v1/notifications', body: () => [], expected: all(204) },
  {
    method: 'DELETE',
    url: () => '/v1/notifications',
    body: () => ({ all: true }),
    expected: all(204),
  },
  { method: 'POST', url: () => '/v1/notifications/test', expected: staffAdmin(201) },
  {
    method: 'POST',
    url: () => '/v2/feed/feedback',
    body: () => ({ mood: 'happy', feedback: 'ok', browserMeta: meta }),
    expected: all(201),
  },
  { method: 'GET', url: () => '/v2/feed/feedback', expected: staff(200) },
  {
    method: 'POST',
    url: () => '/v2/feed/telemetry',
    body: () => ({ events: [], userAgent: 'ua', locale: 'en' }),
    expected: all(200),
  },
  {
    method: 'POST',
    url: () => '/v2/feed/errors',
    body: () => ({ message: 'm', stack: null, url: '/', userAgent: 'ua' }),
    expected: all(201),
  },
  { method: 'GET', url: () => '/health/maintenance', expected: all(200), public: true },
  {
    method: 'PUT',
    url: () => '/health/maintenance',
    body: () => ({ maintenance: false }),
    expected: staffAdmin(200),
  },
  { method: 'GET', url: () => '/health', expected: staffAdmin(200) },
  { method: 'GET', url: () => '/status', expected: all(200), public: true },
  { method: 'POST', url: () => '/v2/admin/cache/account', expected: staffAdmin(200) },
  // Route-checked before the body is parsed: allowed roles reach validation (400 for an empty
  // body), the others get 403. Writing a template is the Admin Network tab's (spec 002 §6);
  // loading one is the device page's (spec 001 §4).
  {
    method: 'POST',
    url: () => '/v1/provision/networkTemplate',
    body: () => ({}),
    expected: hardware(400),
  },
  {
    method: 'POST',
    url: () => '/v1/provision/saveNetworkTemplate',
    body: () => ({}),
    expected: staffAdmin(400),
  },
  { method: 'GET', url: () => '/v1/diagnostics/reports', expected: diagnostics(200) },
  {
    method: 'GET',
    url: () => '/v2/storage/diagnostics/KYM-2411234/items',
    expected: diagnostics(200),
  },
  // Route-checked before the body is read: allowed roles learn the body is not multipart.
  { method: 'POST', url: () => '/v2/storage/diagnostics/KYM-2411234', expected: diagnostics(400) },
  // Checked on the file: one that is not stored (or outside the caller's accounts) is 404 for
  // every role, before the role is looked at (decision 023).
  {
    method: 'GET',
    url: () =>
      '/v1/diagnostics/reports/syslog?logTypes=syslog&antennaSerial=KYM-2411234&relativePath=KYM-2411234%2FKYM-2411234_20261122120000.kdp',
    expected: all(404),
  },
  {
    method: 'GET',
    url: () =>
      '/v1/diagnostics/reports/syslog/dates?antennaSerial=KYM-2411234&relativePath=KYM-2411234%2FKYM-2411234_20261122120000.kdp',
    expected: all(404),
  },
  {
    method: 'POST',
    url: () => '/v2/storage/blob',
    body: () => ({
      container: 'diagnostics',
      filePath: 'KYM-2411234/KYM-2411234_20261122120000.kdp',
    }),
    expected: all(404),
  },
  // The document library (spec 002 §6): every signed-in user reads it; the Super User and the
  // brand Admin add and remove files (route-checked: allowed roles learn the body is not
  // multipart, or that the path holds no file).
  { method: 'GET', url: () => '/v2/storage/blob/list?container=documents', expected: all(200) },
  {
    method: 'POST',
    url: () => '/v2/storage/blob',
    body: () => ({ container: 'documents', filePath: '/documents/HAWK u8/None.pdf' }),
    expected: all(404),
  },
  { method: 'POST', url: () => '/v2/admin/documents', expected: staffAdmin(400) },
  {
    method: 'DELETE',
    url: () => '/v2/admin/documents?path=/documents/HAWK%20u8/None.pdf',
    expected: staffAdmin(404),
  },
  { method: 'GET', url: () => '/v2/users/me/searchHistory', expected: all(200) },
  {
    method: 'POST',
    url: () => '/v2/users/me/searchHistory',
    body: () => ({ term: 'modem' }),
    expected: all(200),
  },
  { method: 'GET', url: () => '/v2/users/me/recentResults', expected: all(200) },
  {
    method: 'POST',
    url: () => '/v2/users/me/recentResults',
    body: () => ({ type: 'doc', id: '/documents/a.pdf', name: 'a.pdf' }),
    expected: all(200),
  },
  { method: 'GET', url: () => '/v2/users/me/recentItems/subscription', expected: all(200) },
  {
    method: 'POST',
    url: () => '/v2/users/me/recentItems/remote',
    body: () => ({ id: 'r1', name: 'Remote 1' }),
    expected: all(200),
  },
];

const api = useApiContext({ fleet: false });

describe('role matrix of the application shell routes', () => {
  it.each(matrix.map((row) => [`${row.method} ${row.url('superUser')}`, row] as const))(
    '%s',
    async (_name, row) => {
      const actual: number[] = [];
      for (const role of roleKeys) {
        const body = row.body?.(role);
        const res = await api.ctx.app.inject({
          method: row.method,
          url: row.url(role),
          headers: api.as(role),
          ...(body === undefined ? {} : { payload: body as object }),
        });
        actual.push(res.statusCode);
        if (res.statusCode < 300) row.answered?.(role, res.body ? res.json() : null);
      }
      expect(actual).toEqual(row.expected);
      const anonymous = await api.ctx.app.inject({ method: row.method, url: row.url('superUser') });
      expect(anonymous.statusCode).toBe(row.public ? 200 : 401);
    },
  );

  it('GET /live/notifications opens a stream for every role and refuses no token', async () => {
    await api.ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = api.ctx.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const url = `http://127.0.0.1:${address.port}/live/notifications`;
    const actual: number[] = [];
    for (const role of roleKeys) {
      const controller = new AbortController();
      const res = await fetch(url, { headers: api.as(role), signal: controller.signal });
      actual.push(res.status);
      controller.abort();
    }
    expect(actual).toEqual(all(200));
    expect((await fetch(url)).status).toBe(401);
  });
});
