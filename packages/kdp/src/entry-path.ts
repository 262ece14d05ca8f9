/**
 * Entry paths: what a bundle may name. The reader and the writer apply the same rules, so the
 * writer never makes a bundle that a reader refuses, and a reader never hands out a path that
 * could write outside the folder it is unpacked into.
 */
import { KdpError } from './errors.js';

export interface PathLimits {
  /** Longest path, in UTF-8 bytes. */
  maxPathLength: number;
  /** Most folders-and-file segments in a path (`a/b/c` is 3). */
  maxPathDepth: number;
}

/** A path for messages: quoted, control characters escaped, long ones shortened. */
export function showPath(path: string): string {
  return JSON.stringify(path.length > 120 ? `${path.slice(0, 117)}...` : path);
}

/**
 * Checks `raw` and returns it normalised: `.` and empty segments dropped (`./a//b/` is `a/b`).
 * Returns '' for a path naming the top folder itself (`./`). Throws `unsafe-entry` for a path
 * that is absolute, climbs with `..`, has a backslash, a drive letter, NUL or another control
 * character; `limit-exceeded` for one too long or too deep.
 */
export function normalizeEntryPath(raw: string, limits: PathLimits): string {
  if (Buffer.byteLength(raw, 'utf8') > limits.maxPathLength) {
    throw new KdpError(
      'limit-exceeded',
      `The entry path ${showPath(raw)} is longer than ${limits.maxPathLength} bytes.`,
    );
  }
  const unsafe = (why: string) =>
    new KdpError('unsafe-entry', `The entry path ${showPath(raw)} ${why}; refused.`);
  if (raw.includes('\0')) throw unsafe('holds a NUL character');
  // eslint-disable-next-line no-control-regex -- control characters are what is looked for
  if (/[\u0000-\u001f\u007f]/.test(raw)) throw unsafe('holds a control character');
  if (raw.includes('\\')) throw unsafe('holds a backslash');
  if (raw.startsWith('/')) throw unsafe('is absolute');
  if (/^[A-Za-z]:/.test(raw)) throw unsafe('starts with a drive letter');
  const segments = raw.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) throw unsafe('climbs out of its folder with ".."');
  if (segments.length > limits.maxPathDepth) {
    throw new KdpError(
      'limit-exceeded',
      `The entry path ${showPath(raw)} is deeper than ${limits.maxPathDepth} segments.`,
    );
  }
  return segments.join('/');
}

/**
 * Remembers the paths of an archive so that no path is both a file and a folder, and no file
 * appears twice: either would make unpacking overwrite or fail half-way.
 */
export class PathRegistry {
  readonly #files = new Set<string>();
  readonly #folders = new Set<string>();

  add(path: string, type: 'file' | 'directory'): void {
    const conflict = (why: string) =>
      new KdpError('unsafe-entry', `The entry ${showPath(path)} ${why}; refused.`);
    const segments = path.split('/');
    for (let i = 1; i < segments.length; i += 1) {
      const ancestor = segments.slice(0, i).join('/');
      if (this.#files.has(ancestor)) {
        throw conflict(`is inside ${showPath(ancestor)}, which is a file`);
      }
    }
    if (this.#files.has(path)) throw conflict('appears twice');
    if (type === 'file' && this.#folders.has(path)) throw conflict('is both a file and a folder');
    for (let i = 1; i < segments.length; i += 1) this.#folders.add(segments.slice(0, i).join('/'));
    if (type === 'file') this.#files.add(path);
    else this.#folders.add(path);
  }
}
