/**
 * The antenna options file (`.opt`, version 1): writer and strict reader.
 * Format: docs/formats/opt.md. The reader never throws on input: every problem is a
 * file error or a field error in the shape of spec 001 §3 "Option validation response".
 */
import { createHash } from 'node:crypto';

export const OPTIONS_FILE_HEADER = 'AERIE-OPT/1';
export const OPTIONS_FILE_EXTENSION = '.opt';
/** Far above a real file (about 1 KiB); bigger input is refused before it is decoded. */
export const MAX_OPTIONS_FILE_BYTES = 64 * 1024;
export const MAX_OPTIONS_FILE_LINES = 512;
export const MAX_OPTIONS_LINE_LENGTH = 1024;
const MAX_VALUE_LENGTH = 256;
const MAX_FEATURES = 64;

export const OPTIONS_FILE_MESSAGES = {
  empty: 'The file is empty.',
  tooLarge: `The file is larger than ${MAX_OPTIONS_FILE_BYTES / 1024} KiB.`,
  notText: 'The file is not UTF-8 text.',
  header: `The first line must be "${OPTIONS_FILE_HEADER}".`,
  unsupportedVersion: (v: string) =>
    `Options file version ${v} is not supported (this portal reads version 1).`,
  tooManyLines: `The file has more than ${MAX_OPTIONS_FILE_LINES} lines.`,
  lineTooLong: (n: number) => `Line ${n} is longer than ${MAX_OPTIONS_LINE_LENGTH} characters.`,
  controlCharacter: (n: number) => `Line ${n} contains a control character.`,
  notAField: (n: number) => `Line ${n} is not a field (name=value) or a comment.`,
  truncated: 'The file is truncated: its last line must be "END sha256=<checksum>".',
  afterEnd: 'Nothing may follow the END line.',
  checksum: 'The checksum does not match: the file was changed or damaged.',
  tooManyFeatures: `The file lists more than ${MAX_FEATURES} features.`,
  fieldUnknown: 'Unknown field.',
  fieldDuplicate: 'The field appears more than once.',
  fieldRequired: 'This field is required.',
  valueTooLong: `The value is longer than ${MAX_VALUE_LENGTH} characters.`,
  serial: 'A serial is 1-64 letters, digits, ".", "-" or "_", starting with a letter or digit.',
  model: 'A model is 1-64 letters, digits, ".", "-" or "_".',
  uuid: 'The device id must be a UUID.',
  timestamp: 'The time must be UTC in the form yyyy-MM-ddTHH:mm:ss(.sss)Z.',
  version: 'A software version is dotted numbers, e.g. 5.1.1.',
  boolean: 'The value must be true or false.',
  feature: 'A feature is enabled or disabled.',
  featureName: 'A feature shortcode is 1-32 letters, digits, "-" or "_".',
  text: 'The value must not be empty.',
  // Disclaimers: acceptable values the user should know about.
  noVersion: 'The device has not reported a software version.',
  updateScheduled: (v: string) => `A software update to ${v} is scheduled.`,
  locked: 'Software updates are locked: the antenna installs no new version until unlocked.',
  privateMode: 'Private mode is on: the antenna does not report its location.',
} as const;
const M = OPTIONS_FILE_MESSAGES;

/** What an options file says about one antenna. */
export interface OptionsFileContent {
  antennaSerial: string;
  antennaModel: string | null;
  deviceId: string;
  deviceSerial: string | null;
  modemSerial: string | null;
  issuedAt: Date;
  issuedBy: string;
  softwareVersion: string | null;
  softwareTarget: string | null;
  softwareLocked: boolean;
  privateMode: boolean;
  /** Every feature of the catalogue, enabled or not for this antenna. */
  features: readonly { shortcode: string; enabled: boolean }[];
}

/**
 * One field of a file as the validator found it: spec 001 §3's `fields[]` entry (the contract's
 * `optionsFileFieldResultSchema` has the same shape; the server hands these out as they are).
 */
export interface OptionsFileFieldResult {
  field: string;
  /** Why the value is refused; null when it is acceptable. */
  error: string | null;
  /** A note on an acceptable value the user should know; null when there is none. */
  disclaimer: string | null;
}

/** Spec 001 §3's result for one file, without its name. */
export interface OptionsFileValidation {
  isValid: boolean;
  error: string | null;
  fields: OptionsFileFieldResult[];
}

type Check = (value: string) => { error?: string; disclaimer?: string };

const SERIAL = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const MODEL = /^[A-Za-z0-9._-]{1,64}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VERSION = /^\d{1,6}(\.\d{1,6}){0,3}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const FEATURE_KEY = /^feature\.([A-Za-z0-9_-]{1,32})$/;
// Any C0/C1 control character or DEL, except the tab.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/;

const pattern =
  (re: RegExp, error: string, optional = false): Check =>
  (v) =>
    (optional && v === '') || re.test(v) ? {} : { error };
const bool =
  (disclaimerWhenTrue: string): Check =>
  (v) =>
    v === 'true' ? { disclaimer: disclaimerWhenTrue } : v === 'false' ? {} : { error: M.boolean };

/** The fields of version 1, in the order the writer puts them. */
const FIELDS: ReadonlyMap<string, { required: boolean; check: Check }> = new Map([
  ['antenna.serial', { required: true, check: pattern(SERIAL, M.serial) }],
  ['antenna.model', { required: false, check: pattern(MODEL, M.model, true) }],
  ['device.id', { required: true, check: pattern(UUID, M.uuid) }],
  ['device.serial', { required: false, check: pattern(SERIAL, M.serial, true) }],
  ['modem.serial', { required: false, check: pattern(SERIAL, M.serial, true) }],
  [
    'issued.at',
    {
      required: true,
      check: (v) =>
        TIMESTAMP.test(v) &&
        !Number.isNaN(Date.parse(v)) &&
        new Date(v).toISOString().slice(0, 10) === v.slice(0, 10)
          ? {}
          : { error: M.timestamp },
    },
  ],
  ['issued.by', { required: true, check: (v) => (v === '' ? { error: M.text } : {}) }],
  [
    'software.version',
    {
      required: false,
      check: (v) =>
        v === '' ? { disclaimer: M.noVersion } : VERSION.test(v) ? {} : { error: M.version },
    },
  ],
  [
    'software.target',
    {
      required: false,
      check: (v) =>
        v === ''
          ? {}
          : VERSION.test(v)
            ? { disclaimer: M.updateScheduled(v) }
            : { error: M.version },
    },
  ],
  ['software.locked', { required: true, check: bool(M.locked) }],
  ['private.mode', { required: true, check: bool(M.privateMode) }],
]);

const featureCheck: Check = (v) =>
  v === 'enabled' || v === 'disabled' ? {} : { error: M.feature };

function checksum(lines: readonly string[]): string {
  const hash = createHash('sha256');
  for (const line of lines) hash.update(`${line}\n`, 'utf8');
  return hash.digest('hex');
}

export class OptionsFileWriteError extends Error {}

/**
 * Writes version 1 of the options file for one antenna. Throws {@link OptionsFileWriteError}
 * when the data cannot be written as a file the reader accepts (e.g. a serial with spaces):
 * nothing is ever produced that the Tools page would refuse.
 */
export function writeOptionsFile(content: OptionsFileContent): string {
  const v = (value: string | null) => value ?? '';
  const lines = [
    OPTIONS_FILE_HEADER,
    `# Antenna options for ${content.antennaSerial}. Generated by ${content.issuedBy}; do not edit.`,
    `antenna.serial=${content.antennaSerial}`,
    `antenna.model=${v(content.antennaModel)}`,
    `device.id=${content.deviceId}`,
    `device.serial=${v(content.deviceSerial)}`,
    `modem.serial=${v(content.modemSerial)}`,
    `issued.at=${content.issuedAt.toISOString()}`,
    `issued.by=${content.issuedBy}`,
    `software.version=${v(content.softwareVersion)}`,
    `software.target=${v(content.softwareTarget)}`,
    `software.locked=${String(content.softwareLocked)}`,
    `private.mode=${String(content.privateMode)}`,
    ...content.features.map((f) => `feature.${f.shortcode}=${f.enabled ? 'enabled' : 'disabled'}`),
  ];
  const text = `${lines.join('\n')}\nEND sha256=${checksum(lines)}\n`;
  const check = validateOptionsFile(text);
  if (!check.isValid) {
    const problem = check.error ?? check.fields.find((f) => f.error);
    const detail = typeof problem === 'string' ? problem : `${problem?.field}: ${problem?.error}`;
    throw new OptionsFileWriteError(`The options file cannot be written: ${detail}`);
  }
  return text;
}

const invalid = (error: string, fields: OptionsFileFieldResult[] = []): OptionsFileValidation => ({
  isValid: false,
  error,
  fields,
});

function decode(input: string | Uint8Array): string | OptionsFileValidation {
  if (typeof input === 'string') {
    // Measured in UTF-8 bytes, as the file on disk.
    if (Buffer.byteLength(input, 'utf8') > MAX_OPTIONS_FILE_BYTES) return invalid(M.tooLarge);
    return input;
  }
  if (input.byteLength > MAX_OPTIONS_FILE_BYTES) return invalid(M.tooLarge);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(input);
  } catch {
    return invalid(M.notText);
  }
}

/**
 * Reads an options file strictly: the header, every line, the fields and their values, and the
 * checksum. Field results are in file order (missing required fields last); `isValid` only
 * when there is no file error and no field error. Disclaimers do not make a file invalid.
 */
export function validateOptionsFile(input: string | Uint8Array): OptionsFileValidation {
  return inspect(input).validation;
}

interface Inspection {
  validation: OptionsFileValidation;
  /** The field values when the file is valid. */
  values: ReadonlyMap<string, string> | null;
}

function inspect(input: string | Uint8Array): Inspection {
  const result = inspectText(input);
  return 'validation' in result ? result : { validation: result, values: null };
}

function inspectText(input: string | Uint8Array): Inspection | OptionsFileValidation {
  const decoded = decode(input);
  if (typeof decoded !== 'string') return decoded;
  // A byte order mark from a Windows editor is tolerated; so are CRLF line ends.
  const text = decoded.startsWith('\uFEFF') ? decoded.slice(1) : decoded;
  if (text.trim() === '') return invalid(M.empty);
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  if (lines.length > MAX_OPTIONS_FILE_LINES) return invalid(M.tooManyLines);
  for (const [i, line] of lines.entries()) {
    if (line.length > MAX_OPTIONS_LINE_LENGTH) return invalid(M.lineTooLong(i + 1));
    if (CONTROL.test(line)) return invalid(M.controlCharacter(i + 1));
  }
  const header = lines[0]!;
  if (header !== OPTIONS_FILE_HEADER) {
    const other = /^AERIE-OPT\/(\d{1,4})$/.exec(header);
    return invalid(other ? M.unsupportedVersion(other[1]!) : M.header);
  }

  const endIndex = lines.findIndex((l) => /^END\b/.test(l));
  if (endIndex < 0) return invalid(M.truncated);
  const end = /^END sha256=([0-9a-f]{64})$/.exec(lines[endIndex]!);
  if (!end) return invalid(M.truncated);
  if (endIndex !== lines.length - 1) return invalid(M.afterEnd);

  const body = lines.slice(0, endIndex);
  const { fields, values, lineError } = readFields(body);
  if (lineError) return invalid(lineError, fields);
  const error = checksum(body) === end[1] ? null : M.checksum;
  const isValid = error === null && fields.every((f) => f.error === null);
  return { validation: { isValid, error, fields }, values: isValid ? values : null };
}

/** The content of a valid options file, or null with the reasons it is not valid. */
export function readOptionsFile(
  input: string | Uint8Array,
):
  | { content: OptionsFileContent; validation: OptionsFileValidation }
  | { content: null; validation: OptionsFileValidation } {
  const { values, validation } = inspect(input);
  if (!values) return { content: null, validation };
  const get = (key: string) => values.get(key) ?? '';
  const orNull = (key: string) => get(key) || null;
  return {
    validation,
    content: {
      antennaSerial: get('antenna.serial'),
      antennaModel: orNull('antenna.model'),
      deviceId: get('device.id'),
      deviceSerial: orNull('device.serial'),
      modemSerial: orNull('modem.serial'),
      issuedAt: new Date(get('issued.at')),
      issuedBy: get('issued.by'),
      softwareVersion: orNull('software.version'),
      softwareTarget: orNull('software.target'),
      softwareLocked: get('software.locked') === 'true',
      privateMode: get('private.mode') === 'true',
      features: [...values]
        .map(([key, value]) => ({ key: FEATURE_KEY.exec(key), value }))
        .filter((f): f is { key: RegExpExecArray; value: string } => f.key !== null)
        .map((f) => ({ shortcode: f.key[1]!, enabled: f.value === 'enabled' })),
    },
  };
}

function readFields(body: readonly string[]): {
  fields: OptionsFileFieldResult[];
  values: Map<string, string>;
  lineError: string | null;
} {
  const fields: OptionsFileFieldResult[] = [];
  const values = new Map<string, string>();
  const seen = new Set<string>();
  let features = 0;
  for (const [i, raw] of body.entries()) {
    if (i === 0 || raw.trim() === '' || raw.trimStart().startsWith('#')) continue;
    const eq = raw.indexOf('=');
    if (eq <= 0) return { fields, values, lineError: M.notAField(i + 1) };
    const field = raw.slice(0, eq).trim();
    const value = raw.slice(eq + 1).trim();
    if (!/^[A-Za-z0-9._-]{1,64}$/.test(field))
      return { fields, values, lineError: M.notAField(i + 1) };
    const result: OptionsFileFieldResult = { field, error: null, disclaimer: null };
    fields.push(result);
    const known = FIELDS.get(field);
    const feature = FEATURE_KEY.exec(field);
    if (seen.has(field)) result.error = M.fieldDuplicate;
    else if (value.length > MAX_VALUE_LENGTH) result.error = M.valueTooLong;
    else if (known || feature) {
      if (feature && ++features > MAX_FEATURES)
        return { fields, values, lineError: M.tooManyFeatures };
      const outcome = (known?.check ?? featureCheck)(value);
      result.error = outcome.error ?? null;
      result.disclaimer = outcome.disclaimer ?? null;
    } else result.error = field.startsWith('feature.') ? M.featureName : M.fieldUnknown;
    if (!seen.has(field)) values.set(field, value);
    seen.add(field);
  }
  for (const [field, { required }] of FIELDS) {
    if (required && !seen.has(field))
      fields.push({ field, error: M.fieldRequired, disclaimer: null });
  }
  return { fields, values, lineError: null };
}
