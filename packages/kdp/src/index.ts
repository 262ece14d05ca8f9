export * from './bundle.js';
export {
  CHUNK_PREFIX_BYTES,
  MAX_CHUNKS,
  TAG_BYTES,
  decryptStream,
  deriveFileKey,
  encryptStream,
  verifyBundle,
  type EncryptOptions,
} from './crypto-stream.js';
export * from './entries.js';
export { normalizeEntryPath, type PathLimits } from './entry-path.js';
export * from './errors.js';
export {
  BIST_CASE_COUNT,
  generateBundleEntries,
  inZone,
  componentSerials,
  type BlockageZone,
  type GenerateOptions,
} from './generate/index.js';
export {
  DEFAULT_CHUNK_SIZE,
  FORMAT_VERSION,
  MAGIC,
  MAX_CHUNK_SIZE,
  tryParseHeader,
  type BundleHeader,
} from './header.js';
export * from './keyring.js';
export * from './name.js';
