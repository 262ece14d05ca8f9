/**
 * Test helpers: bundles in memory, read back, and the expectation of a KdpError; with the
 * builders of ../testing.ts (keys, chunks to tamper with, hostile tar archives) re-exported.
 */
import { Readable } from 'node:stream';
import { expect } from 'vitest';
import {
  createBundleReader,
  createBundleWriter,
  type BundleEntryInput,
  type BundleLimits,
  type BundleWriterOptions,
} from '../bundle.js';
import { KdpError, type KdpErrorCode } from '../errors.js';
import type { Keyring } from '../keyring.js';

export {
  bundleOfTar,
  encryptBuffer,
  flipBit,
  makeKeyring,
  rawTar,
  splitBundle,
  type RawTarEntry,
} from '../testing.js';

export async function collect(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(parts);
}

/** Bytes of `length` that differ from chunk to chunk (so a misplaced chunk shows). */
export function patterned(length: number, seed = 1): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < length; i += 1) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

export async function writeToBuffer(
  entries: BundleEntryInput[] | AsyncIterable<BundleEntryInput>,
  options: BundleWriterOptions,
): Promise<Buffer> {
  return collect(createBundleWriter(options)(entries));
}

export interface ReadBack {
  path: string;
  type: 'file' | 'directory';
  size: number;
  mtime: Date;
  data: Buffer;
}

export async function readToArray(
  bundle: Buffer | AsyncIterable<Uint8Array>,
  keyring: Keyring,
  limits: Partial<BundleLimits> = {},
): Promise<ReadBack[]> {
  const read = createBundleReader({ keyring, limits });
  const out: ReadBack[] = [];
  const source = Buffer.isBuffer(bundle) ? Readable.from([bundle]) : bundle;
  for await (const entry of read(source)) {
    out.push({
      path: entry.path,
      type: entry.type,
      size: entry.size,
      mtime: entry.mtime,
      data: await collect(entry.body),
    });
  }
  return out;
}

/** Runs `action` and expects a KdpError with `code`; returns it. */
export async function expectKdpError(
  action: Promise<unknown> | (() => Promise<unknown>),
  code: KdpErrorCode,
): Promise<KdpError> {
  let caught: unknown;
  try {
    await (typeof action === 'function' ? action() : action);
  } catch (error) {
    caught = error;
  }
  expect(caught, `expected a KdpError "${code}"`).toBeInstanceOf(KdpError);
  expect((caught as KdpError).code, (caught as KdpError).message).toBe(code);
  return caught as KdpError;
}
