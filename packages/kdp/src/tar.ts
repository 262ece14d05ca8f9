/**
 * The tar layer of the bundle (docs/formats/kdp.md, "Archive"): POSIX ustar headers, with a pax
 * extended header for a path that ustar cannot hold (longer than 100 bytes or not ASCII) or a
 * size of 8 GiB or more. Written and read here rather than with a tar library so that the
 * reader's checks (entry types, paths, limits) sit where each header is decoded, and the package
 * has no dependencies.
 */
import { KdpError } from './errors.js';

export const BLOCK = 512;
/** Two zero blocks end an archive. */
export const END_OF_ARCHIVE = Buffer.alloc(2 * BLOCK);
/** The largest size an 11-digit octal field holds: 8 GiB - 1. */
const MAX_OCTAL_11 = 8 ** 11 - 1;
/** A pax extended header holds a few short records; more is not an Aerie bundle. */
export const MAX_PAX_BYTES = 64 * 1024;

export type TarEntryType = 'file' | 'directory';

/** Bytes of zero padding after `size` bytes of entry data, up to the next block. */
export function paddingFor(size: number): number {
  return (BLOCK - (size % BLOCK)) % BLOCK;
}

function writeString(block: Buffer, offset: number, length: number, value: Buffer): void {
  value.copy(block, offset, 0, Math.min(length, value.length));
}

function writeOctal(block: Buffer, offset: number, length: number, value: number): void {
  // length - 1 digits, then NUL.
  const digits = Math.floor(value)
    .toString(8)
    .padStart(length - 1, '0');
  block.write(`${digits}\0`, offset, length, 'ascii');
}

function checksum(block: Buffer): { unsigned: number; signed: number } {
  let unsigned = 0;
  let signed = 0;
  for (let i = 0; i < BLOCK; i += 1) {
    // The checksum field itself counts as eight spaces.
    const byte = i >= 148 && i < 156 ? 0x20 : (block[i] ?? 0);
    unsigned += byte;
    signed += byte > 127 ? byte - 256 : byte;
  }
  return { unsigned, signed };
}

interface RawHeaderFields {
  name: Buffer;
  size: number;
  mtimeSeconds: number;
  typeflag: string;
  mode: number;
  linkname?: Buffer;
}

/** One ustar header block, its checksum computed. */
function ustarBlock(fields: RawHeaderFields): Buffer {
  const block = Buffer.alloc(BLOCK);
  writeString(block, 0, 100, fields.name);
  writeOctal(block, 100, 8, fields.mode);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, fields.size);
  writeOctal(block, 136, 12, fields.mtimeSeconds);
  block.write(fields.typeflag, 156, 1, 'latin1');
  if (fields.linkname) writeString(block, 157, 100, fields.linkname);
  block.write('ustar\0', 257, 6, 'ascii');
  block.write('00', 263, 2, 'ascii');
  writeOctal(block, 329, 8, 0);
  writeOctal(block, 337, 8, 0);
  const sum = checksum(block).unsigned;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return block;
}

/** `"<length> key=value\n"`, where length counts the whole record, its own digits included. */
function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`;
  const bodyLength = Buffer.byteLength(body, 'utf8');
  let length = bodyLength + String(bodyLength).length;
  if (String(length).length + bodyLength !== length) length = bodyLength + String(length).length;
  return Buffer.from(`${length}${body}`, 'utf8');
}

/** A pax extended header ('x') and its records, padded to whole blocks. */
function paxHeader(records: Buffer[], mtimeSeconds: number): Buffer {
  const data = Buffer.concat(records);
  return Buffer.concat([
    ustarBlock({
      name: Buffer.from('PaxHeader', 'ascii'),
      size: data.length,
      mtimeSeconds,
      typeflag: 'x',
      mode: 0o644,
    }),
    data,
    Buffer.alloc(paddingFor(data.length)),
  ]);
}

/** The header blocks for one entry (a pax header first when ustar alone cannot describe it). */
export function entryHeader(entry: {
  path: string;
  size: number;
  mtime: Date;
  type: TarEntryType;
}): Buffer {
  const seconds = Math.min(Math.max(Math.floor(entry.mtime.getTime() / 1000), 0), MAX_OCTAL_11);
  const name = Buffer.from(entry.type === 'directory' ? `${entry.path}/` : entry.path, 'utf8');
  const records: Buffer[] = [];
  // Non-ASCII names go in pax, which says they are UTF-8; ustar fields have no encoding.
  const ascii = /^[\x20-\x7e]*$/.test(entry.path);
  if (name.length > 100 || !ascii) records.push(paxRecord('path', name.toString('utf8')));
  if (entry.size > MAX_OCTAL_11) records.push(paxRecord('size', String(entry.size)));
  const block = ustarBlock({
    name: name.length > 100 || !ascii ? Buffer.from('PaxPath', 'ascii') : name,
    size: entry.size > MAX_OCTAL_11 ? 0 : entry.size,
    mtimeSeconds: seconds,
    typeflag: entry.type === 'directory' ? '5' : '0',
    mode: entry.type === 'directory' ? 0o755 : 0o644,
  });
  return records.length > 0 ? Buffer.concat([paxHeader(records, seconds), block]) : block;
}

/** A header block, decoded but not yet judged. */
export interface DecodedHeader {
  /** The name, with the ustar prefix joined, as bytes. */
  name: Buffer;
  size: number;
  mtimeSeconds: number;
  typeflag: string;
}

function badArchive(message: string): KdpError {
  return new KdpError('bad-archive', `The bundle's archive is damaged: ${message}`);
}

/** A NUL-terminated field; bytes after the NUL are refused (a name could hide behind them). */
function readName(block: Buffer, offset: number, length: number): Buffer {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  if (end < 0) return Buffer.from(field);
  if (field.subarray(end).some((byte) => byte !== 0)) {
    throw new KdpError(
      'unsafe-entry',
      'An entry name holds a NUL character followed by more bytes; refused.',
    );
  }
  return Buffer.from(field.subarray(0, end));
}

/** An octal field (spaces and NULs around it allowed), or GNU's base-256 for large numbers. */
function readNumber(block: Buffer, offset: number, length: number, what: string): number {
  const field = block.subarray(offset, offset + length);
  const first = field[0] ?? 0;
  if (first & 0x80) {
    if (first === 0xff) throw badArchive(`a negative ${what}.`);
    let value = first & 0x7f;
    for (const byte of field.subarray(1)) value = value * 256 + byte;
    if (!Number.isSafeInteger(value)) throw badArchive(`a ${what} too large.`);
    return value;
  }
  const text = field
    .toString('latin1')
    .replace(/[\0 ]+$/, '')
    .replace(/^ +/, '');
  if (text === '') return 0;
  if (!/^[0-7]+$/.test(text)) throw badArchive(`a ${what} that is not a number.`);
  return parseInt(text, 8);
}

/** Decodes a header block; undefined for a zero block (the end of the archive). */
export function decodeHeader(block: Buffer): DecodedHeader | undefined {
  if (block.every((byte) => byte === 0)) return undefined;
  const stored = readNumber(block, 148, 8, 'checksum');
  const { unsigned, signed } = checksum(block);
  if (stored !== unsigned && stored !== signed) throw badArchive('a header checksum is wrong.');
  const magic = block.toString('latin1', 257, 263);
  let name = readName(block, 0, 100);
  if (magic === 'ustar\0') {
    const prefix = readName(block, 345, 155);
    if (prefix.length > 0) name = Buffer.concat([prefix, Buffer.from('/'), name]);
  }
  return {
    name,
    size: readNumber(block, 124, 12, 'size'),
    mtimeSeconds: readNumber(block, 136, 12, 'time'),
    typeflag: block.toString('latin1', 156, 157),
  };
}

/** The records of a pax extended header. */
export function parsePax(data: Buffer): Map<string, string> {
  const records = new Map<string, string>();
  let at = 0;
  while (at < data.length) {
    if (data[at] === 0) break; // padding some writers leave
    const space = data.indexOf(0x20, at);
    if (space < 0) throw badArchive('a pax record without a length.');
    const lengthText = data.toString('latin1', at, space);
    if (!/^[1-9][0-9]{0,7}$/.test(lengthText)) throw badArchive('a pax record length is wrong.');
    const end = at + Number(lengthText);
    if (end > data.length || data[end - 1] !== 0x0a) {
      throw badArchive('a pax record runs past its header.');
    }
    const record = data.subarray(space + 1, end - 1);
    const equals = record.indexOf(0x3d);
    if (equals < 1) throw badArchive('a pax record without a key.');
    records.set(decodeUtf8(record.subarray(0, equals)), decodeUtf8(record.subarray(equals + 1)));
    at = end;
  }
  return records;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Names are UTF-8; anything else is refused rather than guessed at. */
export function decodeUtf8(bytes: Buffer): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new KdpError('unsafe-entry', 'An entry name is not valid UTF-8; refused.');
  }
}

export type TypeflagKind =
  TarEntryType | 'pax' | 'pax-global' | 'gnu-long-name' | 'gnu-long-link' | 'refused';

/** What each tar type flag is, for the reader (only files and folders are let through). */
export function typeflagKind(typeflag: string): TypeflagKind {
  switch (typeflag) {
    case '0':
    case '\0':
    case '7': // contiguous file: a regular file to every reader but a few old ones
      return 'file';
    case '5':
      return 'directory';
    case 'x':
      return 'pax';
    case 'g':
      return 'pax-global';
    case 'L':
      return 'gnu-long-name';
    case 'K':
      return 'gnu-long-link';
    default:
      return 'refused';
  }
}

const REFUSED_TYPES: Readonly<Record<string, string>> = {
  '1': 'a hard link',
  '2': 'a symbolic link',
  '3': 'a character device',
  '4': 'a block device',
  '6': 'a FIFO',
};

/** "a symbolic link", "a FIFO", or the type flag, for messages. */
export function describeRefusedType(typeflag: string): string {
  return REFUSED_TYPES[typeflag] ?? `an entry of type ${JSON.stringify(typeflag)}`;
}
