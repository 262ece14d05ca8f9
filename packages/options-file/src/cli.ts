/**
 * `aerie-opt`, the options file's command line: `aerie-opt validate [--json] FILE...` prints,
 * per file, valid or invalid, the file's error and each field with an error or a disclaimer
 * (the Tools page's Options File Validator, spec 001 §2, without the portal).
 */
import { open } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  MAX_OPTIONS_FILE_BYTES,
  validateOptionsFile,
  type OptionsFileValidation,
} from './options-file.js';

/** 0: every file is valid; 1: a file is invalid; 2: a usage error or a file that cannot be read. */
export const EXIT_CODES = { valid: 0, invalid: 1, trouble: 2 } as const;

export interface CliOutput {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export const USAGE = `Usage: aerie-opt validate [--json] FILE...

Validates antenna options files (.opt; format: docs/formats/opt.md). Prints, per file, whether
it is valid, the file's error, and each field with an error or a disclaimer.

Options:
  --json      print the results as JSON: { totalFiles, results: [{ fileName, isValid, error,
              fields: [{ field, error, disclaimer }] }] } (every field, as the portal's API)
  -h, --help  print this help

Exit status: 0 when every file is valid, 1 when a file is invalid, 2 on a usage error or a file
that cannot be read.
`;

/** One file's result, in the shape of spec 001 §3 "Option validation response". */
export interface CliFileResult extends OptionsFileValidation {
  fileName: string;
}

const processOutput: CliOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/**
 * Reads at most one byte more than the format allows: a larger file is reported too large by
 * the validator without being read whole.
 */
async function readBounded(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = new Uint8Array(MAX_OPTIONS_FILE_BYTES + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}

function describeReadError(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const reasons: Record<string, string> = {
    ENOENT: 'no such file',
    EISDIR: 'it is a directory',
    EACCES: 'permission denied',
  };
  return `The file cannot be read: ${(typeof code === 'string' && reasons[code]) || String(error)}.`;
}

/** Text for one file: a line with the verdict, then one line per field worth showing. */
function describe(result: CliFileResult): string {
  const verdict = result.isValid ? 'valid' : 'invalid';
  const lines = [`${result.fileName}: ${verdict}${result.error ? `: ${result.error}` : ''}`];
  for (const { field, error, disclaimer } of result.fields) {
    if (error) lines.push(`  ${field}: error: ${error}`);
    if (disclaimer) lines.push(`  ${field}: disclaimer: ${disclaimer}`);
  }
  return `${lines.join('\n')}\n`;
}

function usageError(output: CliOutput, message: string): number {
  output.stderr(`aerie-opt: ${message}\n\n${USAGE}`);
  return EXIT_CODES.trouble;
}

/** Runs the command line with `args` (without node and the script); resolves to the exit code. */
export async function runCli(
  args: readonly string[],
  output: CliOutput = processOutput,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    return usageError(output, error instanceof Error ? error.message : String(error));
  }
  const [command, ...files] = parsed.positionals;
  if (parsed.values.help || command === 'help') {
    output.stdout(USAGE);
    return EXIT_CODES.valid;
  }
  if (command === undefined) return usageError(output, 'no command given');
  if (command !== 'validate') return usageError(output, `unknown command "${command}"`);
  if (files.length === 0) return usageError(output, 'validate needs at least one file');

  let unreadable = false;
  const results: CliFileResult[] = [];
  for (const fileName of files) {
    try {
      results.push({ fileName, ...validateOptionsFile(await readBounded(fileName)) });
    } catch (error) {
      unreadable = true;
      results.push({ fileName, isValid: false, error: describeReadError(error), fields: [] });
    }
  }

  const valid = results.filter((r) => r.isValid).length;
  if (parsed.values.json) {
    output.stdout(`${JSON.stringify({ totalFiles: results.length, results }, null, 2)}\n`);
  } else {
    output.stdout(results.map(describe).join(''));
    output.stdout(
      `${valid} of ${results.length} ${results.length === 1 ? 'file' : 'files'} valid\n`,
    );
  }
  if (unreadable) return EXIT_CODES.trouble;
  return valid === results.length ? EXIT_CODES.valid : EXIT_CODES.invalid;
}
