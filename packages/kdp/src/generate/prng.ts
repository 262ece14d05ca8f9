/**
 * Deterministic randomness for the generator: a seeded sequence (mulberry32) for the scenario,
 * and a hash of (seed, index, channel) for per-sample noise, so any sample (any rotated file, any
 * log line) can be produced on its own, in any order, with the same result.
 */

/** mulberry32: a small, fast 32-bit PRNG; numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** murmur3's finaliser: mixes 32 bits. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A number in [0, 1) that depends only on (seed, index, channel). */
export function hashUnit(seed: number, index: number, channel: number): number {
  let h = mix((seed ^ 0x9e3779b9) >>> 0);
  h = mix((h ^ (index >>> 0)) + Math.floor(index / 4294967296));
  h = mix((h ^ Math.imul(channel + 1, 0x27d4eb2f)) >>> 0);
  return h / 4294967296;
}

/** FNV-1a of a string (32 bits): derives stable numbers from a serial. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
