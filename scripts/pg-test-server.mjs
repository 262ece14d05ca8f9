#!/usr/bin/env node
// A throwaway PostgreSQL server for tests.
//
// Library:
//   import { startTestPostgres } from './pg-test-server.mjs';
//   const pg = await startTestPostgres();   // { url, stop, external, version }
//   ... TEST_DATABASE_URL = pg.url ...
//   await pg.stop();
//   Throws PostgresNotFoundError (code 'PG_NOT_FOUND') when no PostgreSQL is installed;
//   the caller decides whether that is a skip or a failure.
//
// CLI:
//   node scripts/pg-test-server.mjs                 start, print TEST_DATABASE_URL=..., wait for Ctrl+C
//   node scripts/pg-test-server.mjs -- CMD ARGS...  start, run CMD with TEST_DATABASE_URL set, stop,
//                                                   exit with CMD's exit code
//   Exit code 3 when PostgreSQL is not installed.
//
// Order: TEST_DATABASE_URL if it is set and answers; otherwise a fresh cluster made with the
// newest /usr/lib/postgresql/*/bin/initdb (trust auth, 127.0.0.1 only, a free port, fsync off),
// run as the `postgres` user when we are root (PostgreSQL refuses to run as root). The data
// directory is removed on stop, and on process exit if stop() was not called.

import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PG_NOT_FOUND_MESSAGE =
  'PostgreSQL not found: install it with `apt-get install postgresql` to run the API tests against a real server';

export class PostgresNotFoundError extends Error {
  constructor() {
    super(PG_NOT_FOUND_MESSAGE);
    this.name = 'PostgresNotFoundError';
    this.code = 'PG_NOT_FOUND';
  }
}

/** The bin directory of the newest PostgreSQL installed under /usr/lib/postgresql, or null. */
export function findPostgresBin(root = '/usr/lib/postgresql') {
  if (process.env.PG_BIN_DIR && existsSync(join(process.env.PG_BIN_DIR, 'initdb'))) {
    return process.env.PG_BIN_DIR;
  }
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions.length > 0 ? join(root, versions[0], 'bin') : null;
}

/** True when PostgreSQL can be started here (or TEST_DATABASE_URL is set). */
export function postgresAvailable() {
  return Boolean(process.env.TEST_DATABASE_URL) || findPostgresBin() !== null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves true when a TCP connection to the URL's host and port opens within timeoutMs. */
function tcpReachable(url, timeoutMs = 3000) {
  return new Promise((resolve) => {
    let u;
    try {
      u = new URL(url);
    } catch {
      resolve(false);
      return;
    }
    const socket = createConnection({
      host: u.hostname || '127.0.0.1',
      port: Number(u.port || 5432),
    });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Connects with `pg` (when it can be loaded) and runs `select 1`; falls back to a TCP check. */
export async function isReachable(url, timeoutMs = 5000) {
  let pg;
  try {
    pg = (await import('pg')).default;
  } catch {
    return tcpReachable(url, timeoutMs);
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function postgresUser() {
  const res = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const resG = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (res.status !== 0 || resG.status !== 0) return null;
  return { uid: Number(res.stdout.trim()), gid: Number(resG.stdout.trim()) };
}

/** Runs a PostgreSQL program, as the `postgres` user when we are root. */
function pgCommand(bin, program, args) {
  const exe = join(bin, program);
  if (process.getuid?.() === 0)
    return { cmd: 'runuser', args: ['-u', 'postgres', '--', exe, ...args] };
  return { cmd: exe, args };
}

function runSync(bin, program, args) {
  const { cmd, args: a } = pgCommand(bin, program, args);
  return spawnSync(cmd, a, { encoding: 'utf8', cwd: tmpdir() });
}

function runAsync(bin, program, args) {
  const { cmd, args: a } = pgCommand(bin, program, args);
  return new Promise((resolve) => {
    const child = spawn(cmd, a, { cwd: tmpdir(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (err) => resolve({ status: -1, output: `${out}${err.message}` }));
    child.on('close', (status) => resolve({ status, output: out }));
  });
}

/**
 * Starts (or reuses) a PostgreSQL server for tests.
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {Promise<{ url: string, stop: () => Promise<void>, external: boolean, version: string | null }>}
 */
export async function startTestPostgres(options = {}) {
  const log = options.log ?? ((line) => process.stderr.write(`[pg-test-server] ${line}\n`));

  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    if (await isReachable(given)) {
      log(`using TEST_DATABASE_URL from the environment`);
      return { url: given, stop: async () => {}, external: true, version: null };
    }
    log(`TEST_DATABASE_URL is set but does not answer; starting a local server instead`);
  }

  const bin = findPostgresBin();
  if (!bin) throw new PostgresNotFoundError();

  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? postgresUser() : null;
  if (asRoot && !owner) {
    throw new Error(
      'running as root but there is no `postgres` user to run PostgreSQL as (PostgreSQL refuses to run as root)',
    );
  }

  const dir = mkdtempSync(join(tmpdir(), 'aerie-pg-'));
  const dataDir = join(dir, 'data');
  if (owner) chownSync(dir, owner.uid, owner.gid);

  let stopped = false;
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    if (existsSync(join(dataDir, 'postmaster.pid'))) {
      runSync(bin, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', '-t', '30', 'stop']);
    }
    removeDir();
  };
  const onExit = () => stopSync();
  process.once('exit', onExit);

  try {
    const init = await runAsync(bin, 'initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    if (init.status !== 0) throw new Error(`initdb failed (exit ${init.status}):\n${init.output}`);

    let lastError = '';
    for (let attempt = 1; attempt <= 3; attempt++) {
      const port = await freePort();
      const opts = [
        `-p ${port}`,
        `-c listen_addresses=127.0.0.1`,
        `-c unix_socket_directories='${dir}'`,
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c max_connections=200',
        '-c shared_buffers=128MB',
      ].join(' ');
      const start = await runAsync(bin, 'pg_ctl', [
        '-D',
        dataDir,
        '-l',
        join(dir, 'server.log'),
        '-o',
        opts,
        '-w',
        '-t',
        '60',
        'start',
      ]);
      if (start.status === 0) {
        const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
        if (!(await isReachable(url, 10_000))) {
          lastError = `server started but ${url} does not answer`;
          runSync(bin, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
          continue;
        }
        const version = bin.split('/').at(-2) ?? null;
        log(`PostgreSQL ${version} started on 127.0.0.1:${port} (data in ${dataDir})`);
        return {
          url,
          external: false,
          version,
          stop: async () => {
            if (stopped) return;
            stopped = true;
            process.removeListener('exit', onExit);
            const res = await runAsync(bin, 'pg_ctl', [
              '-D',
              dataDir,
              '-m',
              'immediate',
              '-w',
              '-t',
              '30',
              'stop',
            ]);
            if (res.status !== 0)
              log(`pg_ctl stop failed (exit ${res.status}): ${res.output.trim()}`);
            removeDir();
            log('PostgreSQL stopped and its data directory removed');
          },
        };
      }
      let serverLog = '';
      try {
        serverLog = readFileSync(join(dir, 'server.log'), 'utf8');
      } catch {
        // no server log was written
      }
      lastError = `pg_ctl start failed (exit ${start.status}):\n${start.output}\n${serverLog}`;
    }
    throw new Error(lastError);
  } catch (err) {
    process.removeListener('exit', onExit);
    stopSync();
    throw err;
  }
}

// ---------------------------------------------------------------- CLI
async function main(argv) {
  const sep = argv.indexOf('--');
  const command = sep >= 0 ? argv.slice(sep + 1) : [];
  if (argv.includes('-h') || argv.includes('--help')) {
    console.log('usage: node scripts/pg-test-server.mjs [-- COMMAND ARGS...]');
    return 0;
  }

  let pg;
  try {
    pg = await startTestPostgres();
  } catch (err) {
    console.error(
      err instanceof PostgresNotFoundError
        ? err.message
        : `could not start PostgreSQL: ${err.message}`,
    );
    return err instanceof PostgresNotFoundError ? 3 : 1;
  }

  let stopping = false;
  const stopAndExit = async (code) => {
    if (stopping) return;
    stopping = true;
    await pg.stop();
    process.exit(code);
  };

  if (command.length === 0) {
    console.log(`TEST_DATABASE_URL=${pg.url}`);
    console.error('[pg-test-server] running; press Ctrl+C (or send SIGTERM) to stop');
    process.on('SIGINT', () => void stopAndExit(0));
    process.on('SIGTERM', () => void stopAndExit(0));
    process.on('SIGHUP', () => void stopAndExit(0));
    setInterval(() => {}, 1 << 30);
    return undefined;
  }

  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: pg.url },
  });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
  const code = await new Promise((resolve) => {
    child.on('error', (err) => {
      console.error(`[pg-test-server] could not run ${command[0]}: ${err.message}`);
      resolve(127);
    });
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
  });
  await stopAndExit(code);
  return undefined;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).then(
    (code) => {
      if (typeof code === 'number') process.exit(code);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
