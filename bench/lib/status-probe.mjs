#!/usr/bin/env node
// A latency probe in its own process (so that the benchmark's own streaming does not delay it):
// `GET URL` every INTERVAL_MS on a fixed schedule (open loop: a slow answer does not postpone
// the next request, so a stall shows in every request it delays), over keep-alive connections.
// Runs until its stdin closes, then prints the samples as JSON on stdout:
// [[sentAtEpochMs, latencyMs, httpStatus (0: error)], …].
//
//   node bench/lib/status-probe.mjs http://127.0.0.1:8080/status 50
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const [url, interval = '50'] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
const samples = [];
let inFlight = 0;
const now = () => performance.timeOrigin + performance.now();

function probe() {
  const sentAt = now();
  inFlight += 1;
  const done = (status) => {
    samples.push([Math.round(sentAt * 10) / 10, Math.round((now() - sentAt) * 100) / 100, status]);
    inFlight -= 1;
  };
  const req = http.get(url, { agent, timeout: 30_000 }, (res) => {
    res.resume();
    res.on('end', () => done(res.statusCode ?? 0));
    res.on('error', () => done(0));
  });
  req.on('timeout', () => req.destroy(new Error('timeout')));
  req.on('error', () => done(0));
}

const timer = setInterval(probe, Number(interval));
process.stdin.resume();
process.stdin.on('end', async () => {
  clearInterval(timer);
  const deadline = Date.now() + 30_000;
  while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  process.stdout.write(JSON.stringify(samples));
  agent.destroy();
});
