import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_CODES, runCli, USAGE } from './cli.js';
import {
  MAX_OPTIONS_FILE_BYTES,
  OPTIONS_FILE_MESSAGES as M,
  writeOptionsFile,
  type OptionsFileContent,
} from './options-file.js';
import { exampleOptionsContent } from './example.js';

const content: OptionsFileContent = { ...exampleOptionsContent, softwareLocked: true };

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
  const code = await runCli(args, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
  });
  return { code, stdout, stderr };
}

let dir = '';
const file = (name: string) => join(dir, name);
const good = writeOptionsFile(content);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'aerie-opt-'));
  await writeFile(file('good.opt'), good);
  await writeFile(file('damaged.opt'), good.replace('feature.AES256=enabled', 'feature.AES256=on'));
  await writeFile(file('cut.opt'), good.slice(0, good.indexOf('END')));
  await writeFile(file('empty.opt'), '');
  await writeFile(file('huge.opt'), Buffer.alloc(MAX_OPTIONS_FILE_BYTES * 4, 0x41));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('aerie-opt validate (its own process)', () => {
  it('prints each valid file with its disclaimers and exits 0', async () => {
    const { code, stdout, stderr } = await spawnCli(['validate', file('good.opt')]);
    expect(stderr).toBe('');
    expect(stdout).toBe(
      [
        `${file('good.opt')}: valid`,
        `  software.locked: disclaimer: ${M.locked}`,
        '1 of 1 file valid',
        '',
      ].join('\n'),
    );
    expect(code).toBe(EXIT_CODES.valid);
  });

  it('prints the file error and the fields in error, and exits 1 when a file is invalid', async () => {
    const { code, stdout } = await spawnCli([
      'validate',
      file('good.opt'),
      file('damaged.opt'),
      file('cut.opt'),
    ]);
    expect(stdout).toBe(
      [
        `${file('good.opt')}: valid`,
        `  software.locked: disclaimer: ${M.locked}`,
        `${file('damaged.opt')}: invalid: ${M.checksum}`,
        `  software.locked: disclaimer: ${M.locked}`,
        `  feature.AES256: error: ${M.feature}`,
        `${file('cut.opt')}: invalid: ${M.truncated}`,
        '1 of 3 files valid',
        '',
      ].join('\n'),
    );
    expect(code).toBe(EXIT_CODES.invalid);
  });

  it('exits 2 with the usage on a usage error', async () => {
    const { code, stdout, stderr } = await spawnCli(['check', file('good.opt')]);
    expect(code).toBe(EXIT_CODES.trouble);
    expect(stdout).toBe('');
    expect(stderr).toBe(`aerie-opt: unknown command "check"\n\n${USAGE}`);
  });
});

describe('aerie-opt (in process)', () => {
  it.each([
    [[], 'no command given'],
    [['validate'], 'validate needs at least one file'],
    [['validate', '--yaml', 'x.opt'], "Unknown option '--yaml'"],
  ])('refuses %j as a usage error', async (args, message) => {
    const { code, stdout, stderr } = await run(args);
    expect(code).toBe(EXIT_CODES.trouble);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
    expect(stderr).toContain(USAGE);
  });

  it('prints the help on --help and help, and exits 0', async () => {
    expect(await run(['--help'])).toEqual({ code: 0, stdout: USAGE, stderr: '' });
    expect(await run(['help'])).toEqual({ code: 0, stdout: USAGE, stderr: '' });
  });

  it('reports an empty file and a file over 64 KiB (without reading it whole)', async () => {
    const { code, stdout } = await run(['validate', file('empty.opt'), file('huge.opt')]);
    expect(code).toBe(EXIT_CODES.invalid);
    expect(stdout).toContain(`${file('empty.opt')}: invalid: ${M.empty}`);
    expect(stdout).toContain(`${file('huge.opt')}: invalid: ${M.tooLarge}`);
  });

  it('reports a file that cannot be read and exits 2', async () => {
    const { code, stdout } = await run(['validate', file('good.opt'), file('missing.opt'), dir]);
    expect(stdout).toContain(
      `${file('missing.opt')}: invalid: The file cannot be read: no such file.`,
    );
    expect(stdout).toContain(`${dir}: invalid: The file cannot be read: it is a directory.`);
    expect(code).toBe(EXIT_CODES.trouble);
  });

  it('prints the API shape with --json, every field included', async () => {
    const { code, stdout } = await run(['validate', '--json', file('good.opt'), file('cut.opt')]);
    expect(code).toBe(EXIT_CODES.invalid);
    const answer = JSON.parse(stdout) as {
      totalFiles: number;
      results: { fileName: string; isValid: boolean; error: string | null; fields: unknown[] }[];
    };
    expect(answer.totalFiles).toBe(2);
    expect(answer.results[0]).toMatchObject({
      fileName: file('good.opt'),
      isValid: true,
      error: null,
    });
    expect(answer.results[0]!.fields).toContainEqual({
      field: 'antenna.serial',
      error: null,
      disclaimer: null,
    });
    expect(answer.results[1]).toEqual({
      fileName: file('cut.opt'),
      isValid: false,
      error: M.truncated,
      fields: [],
    });
  });

  it('takes a name that starts with a dash as a file after --', async () => {
    const { code, stdout, stderr } = await run(['validate', '--', '-x.opt']);
    expect(stderr).toBe('');
    expect(stdout).toContain('-x.opt: invalid: The file cannot be read: no such file.');
    expect(code).toBe(EXIT_CODES.trouble);
  });
});
