/**
 * Bytes received but not yet used, kept as the buffers they arrived in: taking a few bytes at a
 * time never copies everything that is waiting (concatenating on every arrival would make a
 * stream of small writes quadratic).
 */
export class BufferQueue {
  #buffers: Buffer[] = [];
  #length = 0;

  get length(): number {
    return this.#length;
  }

  push(buffer: Buffer): void {
    if (buffer.length === 0) return;
    this.#buffers.push(buffer);
    this.#length += buffer.length;
  }

  /** The first `count` bytes without removing them (`count` ≤ length). */
  peek(count: number): Buffer {
    return this.#collect(count, false);
  }

  /** Removes and returns the first `count` bytes (`count` ≤ length). */
  take(count: number): Buffer {
    return this.#collect(count, true);
  }

  /** Removes and returns whatever is waiting, at most `max` bytes, without copying. */
  takeUpTo(max: number): Buffer {
    const first = this.#buffers[0];
    if (first === undefined || max <= 0) return Buffer.alloc(0);
    if (first.length <= max) {
      this.#buffers.shift();
      this.#length -= first.length;
      return first;
    }
    this.#buffers[0] = first.subarray(max);
    this.#length -= max;
    return first.subarray(0, max);
  }

  #collect(count: number, remove: boolean): Buffer {
    if (count > this.#length) throw new RangeError('BufferQueue: not enough bytes');
    const first = this.#buffers[0];
    if (first !== undefined && first.length >= count) {
      const part = first.subarray(0, count);
      if (remove) {
        if (first.length === count) this.#buffers.shift();
        else this.#buffers[0] = first.subarray(count);
        this.#length -= count;
      }
      return part;
    }
    const out = Buffer.allocUnsafe(count);
    let filled = 0;
    let index = 0;
    while (filled < count) {
      const buffer = this.#buffers[index];
      if (buffer === undefined) break;
      const used = Math.min(buffer.length, count - filled);
      buffer.copy(out, filled, 0, used);
      filled += used;
      if (remove && used === buffer.length) {
        this.#buffers.shift();
      } else {
        if (remove) this.#buffers[index] = buffer.subarray(used);
        index += 1;
      }
    }
    if (remove) this.#length -= count;
    return out;
  }
}
