import { isDiskFull } from './disk-space.js';

/**
 * Something that reads a bundle once it is unpacked, before its contents are published, and
 * keeps what it learnt beside them (decision 041): the series index of the tracking and
 * metrics reports and the log index of the Search report (decision 042). Each indexer owns its
 * own blobs.
 */
export interface BundleIndexer {
  /** Named in the log when it fails. */
  readonly name: string;
  /**
   * Builds and publishes the indexer's files of the bundle unpacked in `dir` (the quarantine:
   * read only). Bad content is indexed as far as it reads, never thrown.
   */
  build(bundle: UnpackedBundle): Promise<void>;
  /** Removes what `build` published (the bundle was not published after all). */
  discard(fileId: string): Promise<void>;
}

/** A bundle unpacked in quarantine, as the indexers see it. */
export interface UnpackedBundle {
  fileId: string;
  /** The quarantine folder holding its entries. */
  dir: string;
  entries: readonly { readonly path: string; readonly size: number }[];
  /** When the bundle was taken (the time in its name). */
  takenAt: Date;
  signal: AbortSignal;
}

export interface IndexerLog {
  warn(obj: object, msg: string): void;
}

/**
 * Runs every indexer over an unpacked bundle, one after the other. An abort (the server closing)
 * or a full disk stops the processing as an unpack's would; any other failure is logged and the
 * bundle is published without that index, which its reader builds when first asked for it.
 */
export async function runIndexers(
  indexers: readonly BundleIndexer[],
  bundle: UnpackedBundle,
  log: IndexerLog,
): Promise<void> {
  for (const indexer of indexers) {
    try {
      await indexer.build(bundle);
    } catch (error) {
      if (bundle.signal.aborted || isDiskFull(error)) throw error;
      log.warn(
        { err: error, fileId: bundle.fileId, indexer: indexer.name },
        'a diagnostic bundle is published without its index',
      );
    }
  }
}

/** Removes every indexer's files of a bundle that was not published (best effort). */
export async function discardIndexes(
  indexers: readonly BundleIndexer[],
  fileId: string,
): Promise<void> {
  for (const indexer of indexers) await indexer.discard(fileId).catch(() => {});
}
