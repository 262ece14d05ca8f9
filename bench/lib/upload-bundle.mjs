// Uploading a diagnostic bundle to a running portal from a benchmark, as the upload tool does.
import { randomUUID } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';

/** POST the bundle as multipart/form-data, streamed from disk with a computed Content-Length. */
export function uploadBundle(base, token, serial, fileName, file) {
  const size = statSync(file).size;
  const boundary = `----aerie-bench-${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/v2/storage/diagnostics/${encodeURIComponent(serial)}`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.write(head);
    const source = createReadStream(file, { highWaterMark: 1 << 20 });
    source.on('error', reject);
    source.pipe(req, { end: false });
    source.on('end', () => req.end(tail));
  });
}
