import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { parseConfig, type AppConfig } from '../config.js';
import { openDatabase, type Database } from '../db/database.js';
import { seedDemoIdentity } from '../demo/seed-identity.js';
import { hashPassword } from '../identity/passwords.js';
import { DEMO_PASSWORD, demoUsers } from '../demo/demo-identities.js';
import type { RoleKey } from '@aerie/contract';
import { afterAll, beforeAll } from 'vitest';
import { seedDemoFleet, type FleetSeedOptions } from '../demo/seed-fleet.js';
import './sql-log.js';

export const TEST_PUBLIC_URL = 'http://localhost:8080';

/** The per-caller limits (plugins/request-limits.ts) out of the way of tests about other things. */
const UNLIMITED = {
  WRITE_RATE_LIMIT_PER_MINUTE: '1000000',
  FEED_RATE_LIMIT_PER_MINUTE: '1000000',
  INGEST_RATE_LIMIT_PER_MINUTE: '1000000',
  HEAVY_CALLS_PER_USER: '10000',
};

/**
 * The demo users of API tests get cheap password hashes: sign-ins verify scrypt with the
 * parameters stored in the hash, and the real cost (N=2^17, ~0.3 s a sign-in) adds minutes
 * to a run without testing anything more. Production hashing is tested in passwords.test.ts.
 */
const TEST_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };
const testHash = (password: string) => hashPassword(password, TEST_SCRYPT);

export interface TestContext {
  app: FastifyInstance;
  config: AppConfig;
  database: Database;
  /** The PostgreSQL database of this context (null on PGlite), for a second instance on it. */
  databaseUrl: string | null;
  close(): Promise<void>;
}

/**
 * A real app on a fresh database: PGlite in memory, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped afterwards).
 */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  let dropDatabase: () => Promise<void> = async () => {};
  let database: Database;
  let databaseUrl: string | null = null;
  if (adminUrl) {
    const name = `aerie_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 4 });
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    database = await openDatabase({
      kind: 'pglite',
      dataDir: null,
      loadDataDir: await pgliteTemplate(),
    });
  }
  const config = parseConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_PUBLIC_URL,
    DATA_DIR: path.join(os.tmpdir(), `aerie-test-${randomBytes(4).toString('hex')}`),
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(os.tmpdir(), 'aerie-no-web'),
    // Tests of other features send many writes and parallel reads as one user: the per-caller
    // limits are tested with their own numbers (plugins/request-limits.api.test.ts).
    ...UNLIMITED,
    ...env,
  });
  await seedDemoIdentity(database.db, config.brand, { hash: testHash });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    config,
    database,
    databaseUrl,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * A dump of a migrated in-memory PGlite with the demo identities, shared by the test files
 * of a run through a file named after the migrations: opening from it takes under a second
 * instead of the 4-8 s of a fresh PGlite. Written atomically, so parallel workers can race.
 */
async function pgliteTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const name of fs.readdirSync(MIGRATIONS, { recursive: true }).map(String).sort()) {
    const file = path.join(MIGRATIONS, name);
    if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
  }
  hash.update(
    fs.readFileSync(fileURLToPath(new URL('../demo/demo-identities.ts', import.meta.url))),
  );
  hash.update(JSON.stringify(TEST_SCRYPT));
  const file = path.join(
    os.tmpdir(),
    `aerie-pglite-template-${hash.digest('hex').slice(0, 16)}.tgz`,
  );
  if (!fs.existsSync(file)) {
    const fresh = await openDatabase({ kind: 'pglite', dataDir: null });
    await seedDemoIdentity(fresh.db, 'Aerie', { hash: testHash });
    const blob = await fresh.dump!();
    await fresh.close();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  return new Blob([fs.readFileSync(file)]);
}

/** A minimal cookie jar for following the identity provider's redirects through `inject`. */
class CookieJar {
  private cookies = new Map<string, string>();
  constructor(header?: string) {
    for (const pair of header?.split(';') ?? []) {
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
  store(response: LightMyRequestResponse) {
    for (const c of response.cookies) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now()))
        this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

function pathOf(location: string | undefined): string {
  if (!location) throw new Error('expected a redirect');
  const u = new URL(location, 'http://placeholder');
  return `${u.pathname}${u.search}`;
}

export interface SignInResult {
  accessToken: string;
  idToken: string;
  loginResponse: LightMyRequestResponse;
  /** The browser's cookies afterwards (the provider's session), as a Cookie header. */
  cookies: string;
}

/**
 * Signs in through the real authorization-code + PKCE flow, the sign-in page
 * and the token endpoint, as the browser would. Throws when sign-in fails.
 */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
  publicUrl = TEST_PUBLIC_URL,
): Promise<SignInResult> {
  const attempt = await startSignIn(app, email, password, publicUrl);
  const host = new URL(publicUrl).host;
  if (attempt.loginResponse.statusCode !== 303) {
    throw new Error(`sign-in failed with ${attempt.loginResponse.statusCode}`);
  }
  const { jar, verifier } = attempt;
  const headers = () => ({ host, cookie: jar.header() });
  // Follow the provider's redirects until it sends the browser back to the portal's callback.
  let location = attempt.loginResponse.headers.location as string;
  for (let hop = 0; hop < 6 && !location.includes('/auth/signinwin/'); hop++) {
    const next = await app.inject({ method: 'GET', url: pathOf(location), headers: headers() });
    jar.store(next);
    location = next.headers.location as string;
  }
  const callback = new URL(location, publicUrl);
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code in ${callback.href}`);
  const token = await app.inject({
    method: 'POST',
    url: '/auth/token',
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: 'aerie-portal',
      redirect_uri: `${publicUrl}/auth/signinwin/main`,
      code_verifier: verifier,
    }).toString(),
  });
  if (token.statusCode !== 200)
    throw new Error(`token endpoint answered ${token.statusCode}: ${token.body}`);
  const body = token.json<{ access_token: string; id_token: string }>();
  return {
    accessToken: body.access_token,
    idToken: body.id_token,
    loginResponse: attempt.loginResponse,
    cookies: jar.header(),
  };
}

/** Where a sign-in comes from: the client address, and cookies the browser already holds. */
export interface SignInFrom {
  remoteAddress?: string;
  /** A Cookie header sent along (e.g. the known-browser cookie of an earlier sign-in). */
  cookie?: string;
  /** More headers of the form's post (e.g. X-Forwarded-For from a proxy). */
  headers?: Record<string, string>;
}

/** Signs out as the portal does: the provider's end-session page, then its form (logout=yes). */
export async function signOut(
  app: FastifyInstance,
  session: SignInResult,
  publicUrl = TEST_PUBLIC_URL,
): Promise<void> {
  const host = new URL(publicUrl).host;
  const query = new URLSearchParams({
    id_token_hint: session.idToken,
    post_logout_redirect_uri: `${publicUrl}/`,
  });
  const page = await app.inject({
    method: 'GET',
    url: `/auth/session/end?${query.toString()}`,
    headers: { host, cookie: session.cookies },
  });
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1];
  if (page.statusCode !== 200 || !xsrf) throw new Error(`no sign-out form: ${page.statusCode}`);
  const confirm = await app.inject({
    method: 'POST',
    url: '/auth/session/end/confirm',
    headers: { host, cookie: session.cookies, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
  });
  if (confirm.statusCode !== 303 || confirm.headers.location !== `${publicUrl}/`)
    throw new Error(`sign-out answered ${confirm.statusCode}`);
}

/** Opens an authorization request and submits the sign-in form; returns the form's answer. */
export async function startSignIn(
  app: FastifyInstance,
  email: string,
  password: string,
  publicUrl = TEST_PUBLIC_URL,
  from: SignInFrom = {},
) {
  const host = new URL(publicUrl).host;
  const jar = new CookieJar(from.cookie);
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const query = new URLSearchParams({
    client_id: 'aerie-portal',
    redirect_uri: `${publicUrl}/auth/signinwin/main`,
    response_type: 'code',
    scope: 'openid profile api',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
  });
  const authorize = await app.inject({
    method: 'GET',
    url: `/auth/auth?${query.toString()}`,
    headers: { host },
  });
  jar.store(authorize);
  const interactionPath = pathOf(authorize.headers.location);
  const loginPage = await app.inject({
    method: 'GET',
    url: interactionPath,
    headers: { host, cookie: jar.header() },
  });
  const loginResponse = await app.inject({
    method: 'POST',
    url: `${interactionPath}/login`,
    ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
    headers: {
      host,
      cookie: jar.header(),
      'content-type': 'application/x-www-form-urlencoded',
      ...from.headers,
    },
    payload: new URLSearchParams({ email, password }).toString(),
  });
  jar.store(loginResponse);
  return { jar, verifier, host, interactionPath, authorize, loginPage, loginResponse };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Access tokens of the six demo users (one per role), signed in through the real flow. */
export async function signInEveryRole(app: FastifyInstance): Promise<Record<RoleKey, string>> {
  const tokens: Partial<Record<RoleKey, string>> = {};
  for (const user of demoUsers) tokens[user.role] = (await signIn(app, user.email)).accessToken;
  return tokens as Record<RoleKey, string>;
}

/** The demo user's email for a role. */
export function demoEmail(role: RoleKey): string {
  const user = demoUsers.find((u) => u.role === role);
  if (!user) throw new Error(`no demo user for ${role}`);
  return user.email;
}

/** The seed of API tests' fleets: small, no history unless a test asks for it. */
export const TEST_FLEET: FleetSeedOptions = {
  seed: 5,
  deviceCount: 60,
  accountCount: 6,
  now: new Date('2026-11-22T12:00:00Z'),
  usageDays: 0,
  showcaseDevices: 0,
  showcaseDays: 0,
  metricDays: 0,
};

export interface ApiContext {
  ctx: TestContext;
  tokens: Record<RoleKey, string>;
  /** `Authorization` header of a role's signed-in user. */
  as(role: RoleKey): { authorization: string };
  /**
   * A request through `inject`, as a role's signed-in user or with no token (`null`); `body`
   * is the payload, `headers` are added to (and may replace) the role's `Authorization`.
   */
  call(
    role: RoleKey | null,
    method: NonNullable<InjectOptions['method']>,
    url: string,
    options?: { query?: Record<string, string>; body?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  /** The rows of a ground-truth query. */
  rows<T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** The integer column `n` of the first row of a ground-truth count. */
  count(sql: string, params?: unknown[]): Promise<number>;
  /** The first column of the first row of a query, or null. */
  scalar<T>(sql: string, params?: unknown[]): Promise<T | null>;
}

/**
 * The API test set-up: a fresh app and database, optionally a demo fleet (`fleet` overrides
 * TEST_FLEET; `false` for none) and `env` for the config, every role signed in; closed after
 * the file. The hooks fill in `ctx` and `tokens` before the file's first test; the methods
 * may be taken from the object at once (`const { call } = useApiContext()`).
 */
export function useApiContext(
  options: { fleet?: Partial<FleetSeedOptions> | false; env?: Record<string, string> } = {},
): ApiContext {
  const rows = async <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    (await api.ctx.database.pool.query<T>(sql, params)).rows;
  const api: ApiContext = {
    ctx: undefined as never,
    tokens: undefined as never,
    as: (role) => bearer(api.tokens[role]),
    call: (role, method, url, { query, body, headers } = {}) =>
      api.ctx.app.inject({
        method,
        url,
        ...(query ? { query } : {}),
        ...(body !== undefined ? { payload: body as object } : {}),
        headers: { ...(role ? api.as(role) : {}), ...headers },
      }),
    rows,
    count: async (sql, params = []) => (await rows<{ n: number }>(sql, params))[0]!.n,
    scalar: async <T>(sql: string, params: unknown[] = []) => {
      const row = (await rows<Record<string, T>>(sql, params))[0];
      return row ? (Object.values(row)[0] ?? null) : null;
    },
  };
  beforeAll(async () => {
    api.ctx = await createTestContext(options.env);
    if (options.fleet !== false) {
      await seedDemoFleet(api.ctx.database.db, { ...TEST_FLEET, ...options.fleet });
    }
    api.tokens = await signInEveryRole(api.ctx.app);
  }, 120_000);
  afterAll(async () => {
    // NOTE: after an aborted stream of a test that listened, Node's fetch (undici) may open a
    // spare connection that sends no request; server.close() would wait for it.
    api.ctx?.app.server.closeAllConnections();
    await api.ctx?.close();
  });
  return api;
}
