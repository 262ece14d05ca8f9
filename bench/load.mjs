// A closed-loop HTTP load generator, run as its own process so it does not share the
// server's event loop: CONCURRENCY clients each send the next request as soon as the
// previous one answers, for DURATION seconds. Prints one JSON line of statistics.
// URL may be `@file`: a file of URLs, one a line, asked in turn (e.g. many search terms, so
// that few answers come from a cache).
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [url, headersJson, concurrencyArg, durationArg] = process.argv.slice(2);
const headers = JSON.parse(headersJson ?? '{}');
const concurrency = Number(concurrencyArg ?? 50);
const durationMs = Number(durationArg ?? 10) * 1000;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const targets = (
  url.startsWith('@') ? readFileSync(url.slice(1), 'utf8').split('\n').filter(Boolean) : [url]
).map((u) => new URL(u));
let turn = 0;
const latencies = [];
let errors = 0;
let bytes = 0;

function once() {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const target = targets[turn++ % targets.length];
    const req = http.request(target, { agent, headers }, (res) => {
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => {
        if (res.statusCode !== 200) errors++;
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        resolve();
      });
    });
    req.on('error', () => {
      errors++;
      resolve();
    });
    req.end();
  });
}

const deadline = Date.now() + durationMs;
const began = Date.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (Date.now() < deadline) await once();
  }),
);
const elapsed = (Date.now() - began) / 1000;
latencies.sort((a, b) => a - b);
const at = (p) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? null;
const round = (v) => (v === null ? null : Math.round(v * 10) / 10);
console.log(
  JSON.stringify({
    requests: latencies.length,
    errors,
    rps: Math.round(latencies.length / elapsed),
    p50: round(at(50)),
    p90: round(at(90)),
    p99: round(at(99)),
    max: round(latencies.at(-1) ?? null),
    meanKb: latencies.length ? Math.round(bytes / latencies.length / 1024) : 0,
    // The load generator's own CPU (it shares the machine with the server and the database).
    loaderCpuMs: Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000),
  }),
);
agent.destroy();
