/**
 * The line index of a log file (`.lidx`, version 1; decision 042), little-endian:
 *
 *   line records   8 bytes per line: u32 the line's start offset from its block's offset,
 *                  u32 its time from its block's base time in ms (UNTIMED: no line before it,
 *                  in this file or the log's older files, had a time)
 *   block table    32 bytes per block of at most BLOCK_LINES lines: f64 first line, f64 offset
 *                  of that line, f64 base time (the block's first time; NaN when untimed),
 *                  f64 last time
 *   trailer        64 bytes: the magic `AERIELIX`, u32 version, u32 BLOCK_LINES, f64 line
 *                  count, f64 block count, f64 file size, f64 first time, f64 last time, f64
 *                  reserved (0)
 *
 * A line's time is its effective time: the largest time read from it and the lines before it
 * (a line without one inherits it; one earlier than a line before it sorts at that line's
 * time), so times never decrease and a time is found by binary search: over the block table
 * (held in memory: 32 bytes per 1024 lines) and then one block's records. A block ends early
 * when an offset or a time would not fit in 32 bits. Written in one pass while the file is
 * read (the trailer last), so memory stays flat whatever the file's size.
 */
export const INDEX_MAGIC = 'AERIELIX';
export const INDEX_VERSION = 1;
export const RECORD_BYTES = 8;
export const BLOCK_BYTES = 32;
export const TRAILER_BYTES = 64;
export const BLOCK_LINES = 1024;
export const UNTIMED = 0xffffffff;
/** The largest delta a record holds (UNTIMED is reserved). */
export const MAX_DELTA = 0xfffffffe;
