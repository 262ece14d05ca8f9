import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_CODES, main, USAGE } from './cli.js';
import { formatKeyring } from './keyring.js';
import { bundleOfTar, makeKeyring, patterned, rawTar } from './test/helpers.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const bin = fileURLToPath(new URL('./bin.ts', import.meta.url));

/** Runs the command as a user would: a process of its own (TypeScript through tsx). */
function spawnCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', bin, ...args],
      { cwd: packageDir },
      (error, stdout, stderr) => {
        const code = error ? Number((error as { code?: unknown }).code ?? 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Runs the command in this process, collecting what it prints. */
async function run(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
  });
  return { code, stdout, stderr };
}

/** Every file under `dir`, relative, sorted. */
async function tree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

let dir = '';
const file = (...parts: string[]) => join(dir, ...parts);
const oldRing = makeKeyring('2025-07');
const newRing = makeKeyring('2026-01');
const bundleFile = () => file('KYM-2411234_20261122120000.kdp');
const large = patterned(200_000);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'aerie-kdp-'));
  await writeFile(file('keys'), formatKeyring({ ...newRing, ...oldRing }, '2026-01'));
  await writeFile(file('old-keys'), formatKeyring(oldRing, '2025-07'));
  await writeFile(file('other-keys'), formatKeyring(makeKeyring('2026-01'), '2026-01'));
  await writeFile(file('bad-keys'), 'a:short');
  await mkdir(file('src', 'overview'), { recursive: true });
  await mkdir(file('src', 'logs', 'empty-folder'), { recursive: true });
  await writeFile(file('src', 'overview', 'Serial'), 'KYM-2411234\n');
  await writeFile(file('src', 'logs', 'syslog'), large);
  await writeFile(file('src', 'logs', 'debug'), '');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('aerie-kdp pack, unpack and inspect', () => {
  it('packs a folder and unpacks it to the same files', async () => {
    const packed = await run(['pack', '--key-file', file('keys'), '-o', bundleFile(), file('src')]);
    expect(packed).toEqual({
      code: EXIT_CODES.ok,
      stdout: `${bundleFile()}: 3 files packed with key "2026-01"\n`,
      stderr: '',
    });
    expect((await readdir(dir)).filter((name) => name.includes('partial'))).toEqual([]);

    const out = file('out');
    const unpacked = await run(['unpack', '--key-file', file('keys'), '-o', out, bundleFile()]);
    expect(unpacked.stderr).toBe('');
    expect(unpacked.code).toBe(EXIT_CODES.ok);
    expect(await tree(out)).toEqual(['logs/debug', 'logs/syslog', 'overview/Serial']);
    expect((await readFile(join(out, 'logs', 'syslog'))).equals(large)).toBe(true);
    expect(await readFile(join(out, 'logs', 'debug'), 'utf8')).toBe('');
    expect(await readFile(join(out, 'overview', 'Serial'), 'utf8')).toBe('KYM-2411234\n');
  });

  it('packs with an older key by id, which a keyring holding both reads', async () => {
    const old = file('KYM-1_20250101000000.kdp');
    expect(
      (
        await run([
          'pack',
          '--key-file',
          file('keys'),
          '--key-id',
          '2025-07',
          '-o',
          old,
          file('src'),
        ])
      ).code,
    ).toBe(0);
    const inspected = await run(['inspect', '--key-file', file('old-keys'), old]);
    expect(inspected.code).toBe(EXIT_CODES.ok);
    expect(inspected.stdout).toContain('  key id: 2025-07\n');
    expect(
      (await run(['unpack', '--key-file', file('keys'), '-o', file('old-out'), old])).code,
    ).toBe(0);
  });

  it('inspects the header without a key and the entries with one', async () => {
    const header = await run(['inspect', bundleFile()]);
    expect(header).toEqual({
      code: EXIT_CODES.ok,
      stdout: [
        bundleFile(),
        '  antenna serial: KYM-2411234',
        '  taken at: 2026-11-22T12:00:00.000Z',
        '  format version: 1',
        '  key id: 2026-01',
        '  chunk size: 65536',
        '  entries: not listed (give --key-file to read them)',
        '',
      ].join('\n'),
      stderr: '',
    });
    const listed = await run(['inspect', '--key-file', file('keys'), bundleFile()]);
    expect(listed.code).toBe(EXIT_CODES.ok);
    expect(listed.stdout).toContain(
      [
        '  authenticated: yes',
        '  entries: 3 (200012 bytes)',
        `    ${'0'.padStart(12)}  logs/debug`,
        `    ${'200000'.padStart(12)}  logs/syslog`,
        `    ${'12'.padStart(12)}  overview/Serial`,
      ].join('\n'),
    );
  });

  it('exits 1 on a bundle it cannot read with the key, a damaged one, or an unknown key id', async () => {
    const wrong = await run(['inspect', '--key-file', file('other-keys'), bundleFile()]);
    expect(wrong.code).toBe(EXIT_CODES.badBundle);
    expect(wrong.stderr).toMatch(/failed authentication.*\(authentication-failed\)\n$/);

    const unknown = await run([
      'unpack',
      '--key-file',
      file('old-keys'),
      '-o',
      file('never'),
      bundleFile(),
    ]);
    expect(unknown.code).toBe(EXIT_CODES.badBundle);
    expect(unknown.stderr).toContain('(unknown-key)');
    expect(await exists(file('never'))).toBe(false);

    const bytes = await readFile(bundleFile());
    const cut = file('KYM-2411234_20261122120001.kdp');
    await writeFile(cut, bytes.subarray(0, bytes.length - 10));
    const truncated = await run(['unpack', '--key-file', file('keys'), '-o', file('cut-out'), cut]);
    expect(truncated.code).toBe(EXIT_CODES.badBundle);
    expect(truncated.stderr).toContain('(truncated)');
    expect(await exists(file('cut-out'))).toBe(false);
  });

  it('refuses a hostile bundle and leaves nothing of it behind', async () => {
    const ring = { ...newRing };
    const tar = rawTar([
      { name: 'overview/Serial', data: Buffer.from('KYM-2411234\n') },
      { name: 'logs/syslog', data: patterned(5000) },
      { name: '../escaped', data: Buffer.from('owned') },
    ]);
    const hostile = file('KYM-6_20261122120000.kdp');
    await writeFile(hostile, await bundleOfTar(tar, ring, '2026-01'));

    const out = file('hostile-out');
    const result = await run(['unpack', '--key-file', file('keys'), '-o', out, hostile]);
    expect(result.code).toBe(EXIT_CODES.badBundle);
    expect(result.stderr).toContain('(unsafe-entry)');
    expect(await exists(out)).toBe(false);
    expect(await exists(file('escaped'))).toBe(false);

    // Into an existing empty folder: the folder stays, empty.
    await mkdir(file('empty-out'));
    const again = await run([
      'unpack',
      '--key-file',
      file('keys'),
      '-o',
      file('empty-out'),
      hostile,
    ]);
    expect(again.code).toBe(EXIT_CODES.badBundle);
    expect(await readdir(file('empty-out'))).toEqual([]);
  });

  it('refuses to unpack into a folder that is not empty', async () => {
    await mkdir(file('busy'));
    await writeFile(file('busy', 'keep'), 'mine');
    const result = await run([
      'unpack',
      '--key-file',
      file('keys'),
      '-o',
      file('busy'),
      bundleFile(),
    ]);
    expect(result.code).toBe(EXIT_CODES.usage);
    expect(result.stderr).toContain('already exists and is not empty');
    expect(await readdir(file('busy'))).toEqual(['keep']);
  });

  it.each([
    [[], 'no command given'],
    [['zip'], 'unknown command "zip"'],
    [['pack', '-o', 'x.kdp', 'dir'], 'pack needs --key-file'],
    [['pack', '--key-file', 'k', 'dir'], 'pack needs -o'],
    [['unpack', '--key-file', 'k', '-o', 'out'], 'unpack needs a bundle'],
    [['unpack', '--key-file', 'k', '-o', 'out', 'a.kdp', 'b.kdp'], 'unpack takes one bundle'],
    [['inspect', '-o', 'x', 'a.kdp'], 'inspect writes nothing: -o is not for it'],
    [
      ['unpack', '--key-id', 'a', '--key-file', 'k', '-o', 'o', 'a.kdp'],
      '--key-id is for pack only',
    ],
    [['inspect', '--bogus', 'a.kdp'], "Unknown option '--bogus'"],
  ])('exits 2 with the usage on %j', async (args, message) => {
    const result = await run(args);
    expect(result.code).toBe(EXIT_CODES.usage);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain(USAGE);
  });

  it('exits 2 on a key file or input it cannot use', async () => {
    const missing = await run(['inspect', '--key-file', file('nope'), bundleFile()]);
    expect(missing).toMatchObject({ code: EXIT_CODES.usage });
    expect(missing.stderr).toContain('cannot read the key file');
    const bad = await run(['inspect', '--key-file', file('bad-keys'), bundleFile()]);
    expect(bad.code).toBe(EXIT_CODES.usage);
    expect(bad.stderr).toContain('the key is not valid base64');
    const noBundle = await run(['inspect', file('nope.kdp')]);
    expect(noBundle.code).toBe(EXIT_CODES.usage);
    const noKey = await run([
      'pack',
      '--key-file',
      file('keys'),
      '--key-id',
      'x',
      '-o',
      file('x.kdp'),
      file('src'),
    ]);
    expect(noKey.code).toBe(EXIT_CODES.usage);
    expect(noKey.stderr).toContain('no key with id "x"');
  });

  it('prints help', async () => {
    expect(await run(['--help'])).toEqual({ code: 0, stdout: USAGE, stderr: '' });
  });

  it('runs as a command of its own', async () => {
    const garbage = file('garbage.kdp');
    await writeFile(garbage, randomBytes(100));
    const result = await spawnCli(['inspect', garbage]);
    expect(result.code).toBe(EXIT_CODES.badBundle);
    expect(result.stderr).toContain('(bad-magic)');
  });
});

describe('aerie-kdp generate', () => {
  it('writes a generated bundle named after the serial and time, which unpacks', async () => {
    const outdir = file('generated');
    const args = [
      'generate',
      '--key-file',
      file('keys'),
      '--serial',
      'KYM-7',
      '--at',
      '20261122120000',
      '--hours',
      '0.1',
      '--log-lines',
      '300',
      '--bist-failures',
      '1',
      '--seed',
      '3',
      '-o',
      outdir,
    ];
    const generated = await run(args);
    expect(generated.stderr).toBe('');
    expect(generated.code).toBe(EXIT_CODES.ok);
    const bundlePath = join(outdir, 'KYM-7_20261122120000.kdp');
    expect(generated.stdout).toBe(
      `${bundlePath}: 22 files generated (seed 3) with key "2026-01"\n`,
    );
    expect(await readdir(outdir)).toEqual(['KYM-7_20261122120000.kdp']);

    const again = await run(args);
    expect(again.code).toBe(EXIT_CODES.usage);
    expect(again.stderr).toContain('already exists');

    const out = file('generated-out');
    const unpacked = await run(['unpack', '--key-file', file('keys'), '-o', out, bundlePath]);
    expect(unpacked.code).toBe(EXIT_CODES.ok);
    const files = await tree(out);
    expect(files).toContain('overview/Serial');
    expect(files).toContain('aim/aim-csv');
    expect(files).toContain('tests/post.9');
    expect(await readFile(join(out, 'overview', 'Serial'), 'utf8')).toBe('KYM-7\n');
    const report = JSON.parse(await readFile(join(out, 'tests', 'post'), 'utf8')) as {
      status: number;
    };
    expect(report.status).not.toBe(0);
    const logs = (await readFile(join(out, 'logs', 'syslog'), 'utf8')).split('\n').length - 1;
    expect(logs + (await readFile(join(out, 'logs', 'debug'), 'utf8')).split('\n').length - 1).toBe(
      300,
    );
  });

  it('exits 2 on usage errors', async () => {
    const base = ['generate', '--key-file', file('keys'), '-o', file('gen-bad')];
    for (const [args, message] of [
      [['generate', '--key-file', file('keys'), '--serial', 'A'], 'needs -o'],
      [['generate', '--serial', 'A', '-o', file('gen-bad')], 'needs --key-file'],
      [base, 'needs --serial'],
      [[...base, '--serial', 'bad_serial'], 'Antenna Serial'],
      [[...base, '--serial', 'A', '--at', '20261399000000'], '--at must be'],
      [[...base, '--serial', 'A', '--hours', 'many'], '--hours must be'],
      [[...base, '--serial', 'A', '--bist-failures', '1.5'], '--bist-failures must be'],
      [[...base, '--serial', 'A', '--bist-failures', '500'], 'bistFailures must be'],
      [[...base, '--serial', 'A', 'extra'], 'takes no file'],
      [
        ['pack', '--serial', 'A', '--key-file', file('keys'), '-o', 'x.kdp', 'dir'],
        'for generate only',
      ],
    ] as const) {
      const result = await run([...args]);
      expect(result.code, message).toBe(EXIT_CODES.usage);
      expect(result.stderr, message).toContain(message);
    }
    expect(await exists(file('gen-bad'))).toBe(false);
  });
});
