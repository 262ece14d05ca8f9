// Small network helpers of the benchmarks.
import { createServer } from 'node:net';

/** A port that is free on loopback now (released before it is returned). */
export function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}
