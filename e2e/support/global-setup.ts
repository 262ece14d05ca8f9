import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_DIAGNOSTICS_KEYRING } from './diagnostics.js';
import { startMailCatcher } from './mail-catcher.js';
import { artifactsDir, repoRoot, serverEntry } from './paths.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Where the servers under test listen, e.g. http://127.0.0.1:41234 (no trailing slash): one
     * server per worker, worker VITEST_POOL_ID n uses the n-th (support/browser.ts, baseUrl()).
     */
    baseUrls: string[];
    /** The mail catcher's HTTP address: what the servers sent over SMTP (support/mail.ts). */
    mailCatcherUrl: string;
    /**
     * A directory of this run where each worker keeps the identity provider's session cookies
     * of the users it signed in (support/auth.ts, signIn), removed when the run ends.
     */
    sessionDir: string;
  }
}

const READY_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 10_000;
const KEEP_LINES = 200;

/** `count` distinct free ports: all are held open together, then released. */
async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  try {
    return await Promise.all(
      servers.map(
        (srv) =>
          new Promise<number>((resolve, reject) => {
            srv.unref();
            srv.on('error', reject);
            srv.listen(0, '127.0.0.1', () => {
              const address = srv.address();
              resolve(typeof address === 'object' && address ? address.port : 0);
            });
          }),
      ),
    );
  } finally {
    await Promise.all(
      servers.map((srv) => new Promise<void>((resolve) => srv.close(() => resolve()))),
    );
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function statusOk(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/status`, { signal: AbortSignal.timeout(2_000) });
    await res.body?.cancel();
    return res.status === 200;
  } catch {
    return false;
  }
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts one built server with demo data on a free port and the given DATA_DIR (seeded on its
 * first start), and waits for `GET /status` to answer 200. Its output goes to
 * `e2e/artifacts/server-<n>.log`. `stop()` removes the data directory unless `keepData`.
 */
async function startServer(
  n: number | string,
  port: number,
  dataDir: string,
  keepData = false,
  smtpUrl: string | null = null,
): Promise<RunningServer> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const logPath = join(artifactsDir, `server-${n}.log`);
  const logFile = createWriteStream(logPath);
  const lines: string[] = [];
  const keep = (chunk: Buffer): void => {
    logFile.write(chunk);
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.length === 0) continue;
      lines.push(line);
      if (lines.length > KEEP_LINES) lines.shift();
    }
  };

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DEMO: '1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    // Short-lived access tokens, so the browser tests see silent renewal happen (identity.e2e.ts).
    PORTAL_ACCESS_TOKEN_TTL: '90',
    // A small fleet keeps the server's first start short.
    DEMO_FLEET_SIZE: '120',
    // Bundles are the diagnostics tests' own, packed with this key (support/diagnostics.ts).
    DEMO_DIAGNOSTIC_BUNDLES: '0',
    DIAGNOSTICS_KEYRING: E2E_DIAGNOSTICS_KEYRING,
    // A still fleet: browser tests assert what they see.
    FLEET_SIMULATOR_INTERVAL_S: '0',
    // Live states refresh every 5 s instead of 30, so a browser test sees a change soon.
    STATUS_REFRESH_S: '5',
    // Mail goes over SMTP to the mail catcher (support/mail-catcher.ts), retried soon.
    ...(smtpUrl ? { SMTP_URL: smtpUrl, MAIL_RETRY_DELAY_S: '2' } : {}),
  };
  // The browser tests must not inherit a database from the API test step.
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  delete env.VITEST;

  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exitInfo = null as string | null;
  child.once('exit', (code, signal) => {
    exitInfo = signal ? `signal ${signal}` : `exit code ${code}`;
  });
  child.once('error', (err) => {
    exitInfo = `spawn error: ${err.message}`;
  });

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, STOP_GRACE_MS))) {
        process.stderr.write(
          `[e2e] server ${n} did not stop within ${STOP_GRACE_MS} ms of SIGTERM: SIGKILL\n`,
        );
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    }
    await new Promise<void>((resolve) => logFile.end(() => resolve()));
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };

  const started = Date.now();
  for (;;) {
    if (exitInfo !== null) {
      await stop();
      throw new Error(
        `server ${n} exited before it was ready (${exitInfo}). Its output:\n${lines.join('\n')}`,
      );
    }
    if (await statusOk(baseUrl)) break;
    if (Date.now() - started > READY_TIMEOUT_MS) {
      await stop();
      throw new Error(
        `server ${n} did not answer GET ${baseUrl}/status with 200 within ${READY_TIMEOUT_MS / 1000} s. Its output:\n${lines.join('\n')}`,
      );
    }
    await sleep(250);
  }
  process.stderr.write(
    `[e2e] server ${n} ready at ${baseUrl} after ${((Date.now() - started) / 1000).toFixed(1)} s (log: ${logPath})\n`,
  );
  return { baseUrl, stop };
}

/** Seeds the demo data into `dir` with a server of its own on `port`, stopped cleanly after. */
export async function seedDataDir(dir: string, port: number): Promise<void> {
  const started = Date.now();
  await (await startServer('seed', port, dir, true)).stop();
  process.stderr.write(
    `[e2e] demo data seeded in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
}

/** One server per worker that gets a file to run; E2E_SERVERS overrides the count. */
async function serverCount(project: TestProject): Promise<number> {
  const forced = Number(process.env.E2E_SERVERS ?? 0);
  if (Number.isInteger(forced) && forced > 0) return forced;
  // The command line's file filters (`npm run test:e2e -- sign-in`) are on an internal field of
  // Vitest; without it every file counts.
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  const { testFiles } = await project.globTestFiles(filters);
  return Math.max(1, Math.min(project.config.maxWorkers || 1, testFiles.length));
}

/**
 * Starts one built server (`apps/server/dist/server.js`) per worker of the project, each with
 * its own demo data, so that test files running at the same time never see each other's
 * changes; provides their URLs to the tests. E2E_SERVERS overrides the count. Builds nothing:
 * `npm test` builds first; alone, run `npm run build` before `npm run test:e2e`.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(serverEntry)) {
    throw new Error(
      `${serverEntry} does not exist: run \`npm run build\` before the browser tests`,
    );
  }
  mkdirSync(artifactsDir, { recursive: true });
  const count = await serverCount(project);
  const ports = await freePorts(count + 1);
  // The demo data is generated once: a first server seeds a data directory and stops cleanly,
  // then every server starts on its own copy (seeding is most of a start; several servers
  // seeding at once on two cores took over a minute). `npm test` seeds it earlier, beside
  // ESLint, and names it in E2E_SEED_DIR.
  const given = process.env['E2E_SEED_DIR'];
  const seeded = given !== undefined && existsSync(join(given, 'pgdata'));
  const seedDir = seeded ? given : mkdtempSync(join(tmpdir(), 'aerie-e2e-seed-'));
  if (!seeded) {
    try {
      await seedDataDir(seedDir, ports[count]!);
    } catch (error) {
      rmSync(seedDir, { recursive: true, force: true });
      throw error;
    }
  }
  const catcher = await startMailCatcher();
  const started = await Promise.allSettled(
    ports.slice(0, count).map((port, i) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'aerie-e2e-data-'));
      cpSync(seedDir, dataDir, { recursive: true });
      return startServer(i + 1, port, dataDir, false, catcher.smtpUrl);
    }),
  );
  if (!seeded) rmSync(seedDir, { recursive: true, force: true });
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const sessionDir = mkdtempSync(join(tmpdir(), 'aerie-e2e-sessions-'));
  const stopAll = async (): Promise<void> => {
    await Promise.all(servers.map((s) => s.stop()));
    await catcher.stop();
    rmSync(sessionDir, { recursive: true, force: true });
  };
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'baseUrls',
    servers.map((s) => s.baseUrl),
  );
  project.provide('mailCatcherUrl', catcher.httpUrl);
  project.provide('sessionDir', sessionDir);
  return stopAll;
}
