/**
 * Largest-Triangle-Three-Buckets (Steinarsson, 2013): keeps the points that
 * carry the shape of a series (peaks, steps, gaps' edges) when a chart can show
 * far fewer points than were sampled. The first and last points are kept.
 * `xs` must be ascending. Returns the indexes of the kept points.
 */
export function lttbIndexes(xs: ArrayLike<number>, ys: ArrayLike<number>, threshold: number) {
  const n = xs.length;
  if (threshold >= n || threshold < 3) {
    return Array.from({ length: n }, (_, i) => i);
  }
  const kept: number[] = [0];
  const bucketSize = (n - 2) / (threshold - 2);
  let a = 0;
  for (let bucket = 0; bucket < threshold - 2; bucket++) {
    // The average of the next bucket is the third corner of the triangle.
    const nextStart = Math.floor((bucket + 1) * bucketSize) + 1;
    const nextEnd = Math.min(Math.floor((bucket + 2) * bucketSize) + 1, n);
    let avgX = 0;
    let avgY = 0;
    for (let i = nextStart; i < nextEnd; i++) {
      avgX += xs[i]!;
      avgY += ys[i]!;
    }
    const span = Math.max(1, nextEnd - nextStart);
    avgX /= span;
    avgY /= span;

    const start = Math.floor(bucket * bucketSize) + 1;
    const end = Math.floor((bucket + 1) * bucketSize) + 1;
    const ax = xs[a]!;
    const ay = ys[a]!;
    let best = start;
    let bestArea = -1;
    for (let i = start; i < end; i++) {
      const area = Math.abs((ax - avgX) * (ys[i]! - ay) - (ax - xs[i]!) * (avgY - ay));
      if (area > bestArea) {
        bestArea = area;
        best = i;
      }
    }
    kept.push(best);
    a = best;
  }
  kept.push(n - 1);
  return kept;
}
