/**
 * `aerie-kdp`, the diagnostic bundle's command line: pack a folder into a bundle, unpack a
 * bundle into a new folder, inspect a bundle (docs/formats/kdp.md).
 */
import { createReadStream, createWriteStream, type Dirent, type ReadStream } from 'node:fs';
import { lstat, mkdir, open, readdir, realpath, rename, rm, utimes } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import {
  createBundleReader,
  createBundleWriter,
  inspectBundle,
  type BundleEntryInput,
} from './bundle.js';
import { KdpError } from './errors.js';
import { generateBundleEntries } from './generate/index.js';
import { parseKeyring, type ParsedKeyring } from './keyring.js';
import { bundleName, parseBundleName } from './name.js';

/** 0: done; 1: the bundle is bad (or a file cannot go in one); 2: a usage or file problem. */
export const EXIT_CODES = { ok: 0, badBundle: 1, usage: 2 } as const;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export const USAGE = `Usage:
  aerie-kdp pack --key-file FILE [--key-id ID] -o OUT.kdp DIR
  aerie-kdp unpack --key-file FILE -o OUTDIR IN.kdp
  aerie-kdp inspect [--key-file FILE] IN.kdp
  aerie-kdp generate --key-file FILE --serial SERIAL [--at yyyymmddhhMMss] [--hours N]
                     [--log-lines N] [--bist-failures N] [--seed N] -o OUTDIR

Packs, unpacks and inspects Aerie diagnostic bundles (.kdp; format: docs/formats/kdp.md).

  pack     writes the files under DIR (their paths relative to DIR) into OUT.kdp, encrypted with
           the key file's first key or the key --key-id names
  unpack   writes the bundle's files into OUTDIR (created; it may exist only if empty); refuses
           a damaged or hostile bundle and then leaves nothing of it behind
  inspect  prints the bundle's header; with a key file also its files, after reading and
           authenticating the whole bundle
  generate writes OUTDIR/SERIAL_yyyymmddhhMMss.kdp, a realistic bundle of made-up content
           for test and demonstration (the same options and seed give the same content)

Options:
  --key-file FILE  keyring: "keyId:base64key" entries separated by commas or lines; the first
                   one is the key new bundles are written with
  --key-id ID      (pack) write with this key of the keyring
  -o, --output     (pack) the bundle to write; (unpack, generate) the folder to write into
  --serial SERIAL  (generate) the antenna serial
  --at TIME        (generate) when the bundle is taken, UTC yyyymmddhhMMss (default: now)
  --hours N        (generate) hours of tracking records, one a second (default 6)
  --log-lines N    (generate) lines of syslog and debug log together (default 100000)
  --bist-failures N  (generate) failing test cases in the latest self test (default 0)
  --seed N         (generate) seed of the content (default: from the serial and time)
  -h, --help       print this help

Exit status: 0 when done, 1 when the bundle is damaged, hostile or cannot be read with the key
(for pack: a file that cannot go in a bundle), 2 on a usage error or a file that cannot be read
or written.
`;

const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** A problem with the command line or the files it names: exit 2. */
class UsageError extends Error {}

/** The keyring's text is small: more than this is not a key file. */
const MAX_KEY_FILE_BYTES = 64 * 1024;

async function readKeyFile(path: string): Promise<ParsedKeyring> {
  let text: string;
  try {
    const handle = await open(path, 'r');
    try {
      const buffer = Buffer.alloc(MAX_KEY_FILE_BYTES + 1);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      if (bytesRead > MAX_KEY_FILE_BYTES) throw new UsageError(`the key file ${path} is too large`);
      text = buffer.toString('utf8', 0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read the key file ${path}: ${describeFsError(error)}`);
  }
  try {
    return parseKeyring(text);
  } catch (error) {
    throw new UsageError(`the key file ${path}: ${(error as Error).message}`);
  }
}

function describeFsError(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const reasons: Record<string, string> = {
    ENOENT: 'no such file or folder',
    EISDIR: 'it is a folder',
    ENOTDIR: 'not a folder',
    EACCES: 'permission denied',
    EEXIST: 'it already exists',
  };
  return (typeof code === 'string' && reasons[code]) || String(error);
}

/** Opens a bundle to read, failing with a usage error (not a bad-bundle one) if it cannot. */
async function openBundle(path: string): Promise<ReadStream> {
  try {
    const handle = await open(path, 'r');
    return handle.createReadStream();
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${describeFsError(error)}`);
  }
}

/** The regular files under `dir`, sorted, as relative `/` paths; anything else is refused. */
async function listFiles(dir: string): Promise<{ path: string; file: string }[]> {
  const found: { path: string; file: string }[] = [];
  const walk = async (folder: string): Promise<void> => {
    let children: Dirent[];
    try {
      children = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      throw new UsageError(`cannot read the folder ${folder}: ${describeFsError(error)}`);
    }
    children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const child of children) {
      const file = join(folder, child.name);
      if (child.isDirectory()) await walk(file);
      else if (child.isFile()) found.push({ path: relative(dir, file).split(sep).join('/'), file });
      // A link could pull in files from elsewhere; other types have no content to pack.
      else throw new UsageError(`${file} is not a regular file or a folder; not packed`);
    }
  };
  await walk(dir);
  return found;
}

async function pack(
  io: CliIo,
  options: { keyFile: string; keyId: string | undefined; output: string; dir: string },
): Promise<number> {
  const { keyring, currentKeyId } = await readKeyFile(options.keyFile);
  const keyId = options.keyId ?? currentKeyId;
  if (!Object.hasOwn(keyring, keyId)) {
    throw new UsageError(`the key file has no key with id "${keyId}"`);
  }
  const dirStat = await lstat(options.dir).catch((error: unknown) => {
    throw new UsageError(`cannot read ${options.dir}: ${describeFsError(error)}`);
  });
  if (!dirStat.isDirectory()) throw new UsageError(`${options.dir} is not a folder`);
  try {
    parseBundleName(options.output);
  } catch (error) {
    io.stderr(`aerie-kdp: warning: ${basename(options.output)}: ${(error as Error).message}\n`);
  }
  const files = await listFiles(options.dir);
  async function* entries(): AsyncGenerator<BundleEntryInput> {
    for (const { path, file } of files) {
      const stat = await lstat(file);
      // Opened only when its turn comes: a failure leaves no file open.
      yield { path, size: stat.size, mtime: stat.mtime, body: createReadStream(file) };
    }
  }
  const bundle = createBundleWriter({ keyring, keyId })(entries());
  // Written beside the output under another name, renamed once complete: a failed pack never
  // leaves a partial bundle under the bundle's name.
  const temporary = join(
    dirname(options.output),
    `.${basename(options.output)}.${randomBytes(6).toString('hex')}.partial`,
  );
  try {
    await pipeline(bundle, createWriteStream(temporary, { flags: 'wx' }));
    await rename(temporary, options.output);
  } catch (error) {
    await rm(temporary, { force: true });
    if (error instanceof KdpError) throw error;
    throw new UsageError(`cannot write ${options.output}: ${describeFsError(error)}`);
  }
  io.stdout(
    `${options.output}: ${files.length} ${files.length === 1 ? 'file' : 'files'} packed with key "${keyId}"\n`,
  );
  return EXIT_CODES.ok;
}

/**
 * Makes the output folder: a new one, or an existing empty one. Returns what cleaning up after a
 * failure removes: the topmost folder this made, else nothing but the entries written into it.
 */
async function prepareOutput(
  output: string,
): Promise<{ root: string; created: string | undefined }> {
  let created: string | undefined;
  try {
    created = await mkdir(output, { recursive: true });
  } catch (error) {
    throw new UsageError(`cannot create ${output}: ${describeFsError(error)}`);
  }
  const root = await realpath(output);
  if (created === undefined && (await readdir(root)).length > 0) {
    throw new UsageError(`${output} already exists and is not empty`);
  }
  return { root, created };
}

async function unpack(
  io: CliIo,
  options: { keyFile: string; output: string; input: string },
): Promise<number> {
  const { keyring } = await readKeyFile(options.keyFile);
  const source = await openBundle(options.input);
  let output: { root: string; created: string | undefined };
  try {
    output = await prepareOutput(options.output);
  } catch (error) {
    source.destroy();
    throw error;
  }
  const { root, created } = output;
  /** What this run made inside an existing output folder (its top-level entries). */
  const made = new Set<string>();
  let files = 0;
  let bytes = 0;
  try {
    const read = createBundleReader({ keyring });
    for await (const entry of read(source)) {
      const target = resolve(root, ...entry.path.split('/'));
      // The reader already refuses paths that leave the folder; this holds even if it did not.
      const inside = relative(root, target);
      if (inside === '' || inside.startsWith('..') || resolve(root, inside) !== target) {
        throw new KdpError(
          'unsafe-entry',
          `The entry ${entry.path} would be written outside ${options.output}.`,
        );
      }
      made.add(join(root, inside.split(sep)[0] ?? inside));
      if (entry.type === 'directory') {
        await mkdir(target, { recursive: true });
        continue;
      }
      await mkdir(dirname(target), { recursive: true });
      // 'wx': never follow or overwrite anything already there.
      await pipeline(entry.body, createWriteStream(target, { flags: 'wx', mode: 0o644 }));
      await utimes(target, entry.mtime, entry.mtime);
      files += 1;
      bytes += entry.size;
    }
  } catch (error) {
    // Nothing of a refused bundle stays behind.
    if (created !== undefined) await rm(created, { recursive: true, force: true });
    else for (const path of made) await rm(path, { recursive: true, force: true });
    if (error instanceof KdpError) throw error;
    throw new UsageError(`cannot write into ${options.output}: ${describeFsError(error)}`);
  }
  io.stdout(
    `${options.output}: ${files} ${files === 1 ? 'file' : 'files'} (${bytes} bytes) unpacked\n`,
  );
  return EXIT_CODES.ok;
}

async function inspect(
  io: CliIo,
  options: { keyFile: string | undefined; input: string },
): Promise<number> {
  const parsed = options.keyFile === undefined ? undefined : await readKeyFile(options.keyFile);
  const source = await openBundle(options.input);
  const result = await inspectBundle(
    source,
    parsed === undefined ? {} : { keyring: parsed.keyring },
  );
  const lines = [`${options.input}`];
  try {
    const { antennaSerial, takenAt } = parseBundleName(options.input);
    lines.push(`  antenna serial: ${antennaSerial}`, `  taken at: ${takenAt.toISOString()}`);
  } catch (error) {
    lines.push(`  name: ${(error as Error).message}`);
  }
  lines.push(
    `  format version: ${result.header.version}`,
    `  key id: ${result.header.keyId}`,
    `  chunk size: ${result.header.chunkSize}`,
  );
  if (result.entries === undefined) {
    lines.push('  entries: not listed (give --key-file to read them)');
  } else {
    lines.push(`  authenticated: yes`);
    lines.push(
      `  entries: ${result.entries.length} (${result.totalBytes ?? 0} bytes)`,
      ...result.entries.map((entry) =>
        entry.type === 'directory'
          ? `    ${'-'.padStart(12)}  ${entry.path}/`
          : `    ${String(entry.size).padStart(12)}  ${entry.path}`,
      ),
    );
  }
  io.stdout(`${lines.join('\n')}\n`);
  return EXIT_CODES.ok;
}

/** Parses a --at value: yyyymmddhhMMss, UTC, a real date and time. */
function parseAt(text: string): Date {
  try {
    return parseBundleName(`X_${text}.kdp`).takenAt;
  } catch {
    throw new UsageError(`--at must be a date and time as yyyymmddhhMMss (UTC), not "${text}"`);
  }
}

function parseNumber(name: string, text: string | undefined, integer: boolean): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (
    text.trim() === '' ||
    !Number.isFinite(value) ||
    value < 0 ||
    (integer && !Number.isInteger(value))
  ) {
    throw new UsageError(
      `--${name} must be ${integer ? 'a whole number' : 'a number'} ≥ 0, not "${text}"`,
    );
  }
  return value;
}

async function generate(
  io: CliIo,
  options: {
    keyFile: string;
    output: string;
    serial: string;
    at: string | undefined;
    hours: string | undefined;
    logLines: string | undefined;
    bistFailures: string | undefined;
    seed: string | undefined;
  },
): Promise<number> {
  const takenAt =
    options.at === undefined ? new Date(Math.floor(Date.now() / 1000) * 1000) : parseAt(options.at);
  let name: string;
  try {
    name = bundleName(options.serial, takenAt);
  } catch (error) {
    throw new UsageError(`--serial ${JSON.stringify(options.serial)}: ${(error as Error).message}`);
  }
  const hours = parseNumber('hours', options.hours, false);
  const logLines = parseNumber('log-lines', options.logLines, true);
  const bistFailures = parseNumber('bist-failures', options.bistFailures, true);
  const seed =
    parseNumber('seed', options.seed, true) ??
    Array.from(name).reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 0x01000193), 0x811c9dc5) >>> 0;
  const { keyring, currentKeyId } = await readKeyFile(options.keyFile);
  const entries = generateBundleEntries({
    antennaSerial: options.serial,
    takenAt,
    seed,
    ...(hours === undefined ? {} : { trackingHours: hours }),
    ...(logLines === undefined ? {} : { logLines }),
    ...(bistFailures === undefined ? {} : { bistFailures }),
  });
  // Options out of range are found before anything is written.
  let first: IteratorResult<BundleEntryInput, void>;
  try {
    first = await entries.next();
  } catch (error) {
    if (error instanceof RangeError) throw new UsageError(error.message);
    throw error;
  }
  async function* all(): AsyncGenerator<BundleEntryInput> {
    if (first.done !== true) yield first.value;
    yield* entries;
  }
  try {
    await mkdir(options.output, { recursive: true });
  } catch (error) {
    throw new UsageError(`cannot create ${options.output}: ${describeFsError(error)}`);
  }
  const target = join(options.output, name);
  if (
    await lstat(target).then(
      () => true,
      () => false,
    )
  ) {
    throw new UsageError(`${target} already exists`);
  }
  const temporary = join(options.output, `.${name}.${randomBytes(6).toString('hex')}.partial`);
  let files = 0;
  async function* counted(): AsyncGenerator<BundleEntryInput> {
    for await (const entry of all()) {
      files += 1;
      yield entry;
    }
  }
  try {
    await pipeline(
      createBundleWriter({ keyring, keyId: currentKeyId })(counted()),
      createWriteStream(temporary, { flags: 'wx' }),
    );
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    if (error instanceof KdpError) throw error;
    throw new UsageError(`cannot write ${target}: ${describeFsError(error)}`);
  }
  io.stdout(`${target}: ${files} files generated (seed ${seed}) with key "${currentKeyId}"\n`);
  return EXIT_CODES.ok;
}

function usageError(io: CliIo, message: string): number {
  io.stderr(`aerie-kdp: ${message}\n\n${USAGE}`);
  return EXIT_CODES.usage;
}

/** Runs the command line with `argv` (without node and the script); resolves to the exit code. */
export async function main(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        'key-file': { type: 'string' },
        'key-id': { type: 'string' },
        output: { type: 'string', short: 'o' },
        help: { type: 'boolean', short: 'h' },
        serial: { type: 'string' },
        at: { type: 'string' },
        hours: { type: 'string' },
        'log-lines': { type: 'string' },
        'bist-failures': { type: 'string' },
        seed: { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    return usageError(io, error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || command === 'help') {
    io.stdout(USAGE);
    return EXIT_CODES.ok;
  }
  if (command === undefined) return usageError(io, 'no command given');
  const generateOnly = ['serial', 'at', 'hours', 'log-lines', 'bist-failures', 'seed'] as const;
  if (command === 'generate') {
    if (rest.length > 0) return usageError(io, 'generate takes no file or folder: give -o');
    if (values['key-file'] === undefined) return usageError(io, 'generate needs --key-file');
    if (values.output === undefined) return usageError(io, 'generate needs -o');
    if (values.serial === undefined) return usageError(io, 'generate needs --serial');
    if (values['key-id'] !== undefined) return usageError(io, '--key-id is for pack only');
    try {
      return await generate(io, {
        keyFile: values['key-file'],
        output: values.output,
        serial: values.serial,
        at: values.at,
        hours: values.hours,
        logLines: values['log-lines'],
        bistFailures: values['bist-failures'],
        seed: values.seed,
      });
    } catch (error) {
      if (error instanceof UsageError) {
        io.stderr(`aerie-kdp: ${error.message}\n`);
        return EXIT_CODES.usage;
      }
      io.stderr(`aerie-kdp: ${error instanceof Error ? error.message : String(error)}\n`);
      return error instanceof KdpError ? EXIT_CODES.badBundle : EXIT_CODES.usage;
    }
  }
  const misplaced = generateOnly.find((option) => values[option] !== undefined);
  if (misplaced !== undefined) return usageError(io, `--${misplaced} is for generate only`);
  if (command !== 'pack' && command !== 'unpack' && command !== 'inspect') {
    return usageError(io, `unknown command "${command}"`);
  }
  const [target, ...extra] = rest;
  const what = command === 'pack' ? 'a folder' : 'a bundle';
  if (target === undefined) return usageError(io, `${command} needs ${what}`);
  if (extra.length > 0)
    return usageError(io, `${command} takes one ${command === 'pack' ? 'folder' : 'bundle'}`);
  const keyFile = values['key-file'];
  if (command !== 'inspect' && keyFile === undefined) {
    return usageError(io, `${command} needs --key-file`);
  }
  if (command !== 'inspect' && values.output === undefined) {
    return usageError(io, `${command} needs -o`);
  }
  if (command !== 'pack' && values['key-id'] !== undefined) {
    return usageError(io, '--key-id is for pack only (a bundle names its key)');
  }
  if (command === 'inspect' && values.output !== undefined) {
    return usageError(io, 'inspect writes nothing: -o is not for it');
  }

  try {
    if (command === 'pack') {
      return await pack(io, {
        keyFile: keyFile ?? '',
        keyId: values['key-id'],
        output: values.output ?? '',
        dir: target,
      });
    }
    if (command === 'unpack') {
      return await unpack(io, {
        keyFile: keyFile ?? '',
        output: values.output ?? '',
        input: target,
      });
    }
    return await inspect(io, { keyFile, input: target });
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`aerie-kdp: ${error.message}\n`);
      return EXIT_CODES.usage;
    }
    if (error instanceof KdpError) {
      io.stderr(`aerie-kdp: ${target}: ${error.message} (${error.code})\n`);
      return EXIT_CODES.badBundle;
    }
    io.stderr(`aerie-kdp: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_CODES.usage;
  }
}
