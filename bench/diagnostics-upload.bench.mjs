#!/usr/bin/env node
// Benchmark of diagnostic bundles, upload and unpack (issue 18, "Performance"; decision 039;
// docs/performance.md). One generated .kdp bundle of about --size-mb MB goes, in the same run:
//
//   node ceiling   file -> decryptStream -> zlib gunzip -> a minimal tar walk that skips every
//                  body (plain streams in this process, nothing written): the most Node can do
//   command line   `openssl enc -d -aes-256-ctr | gzip -d | tar -x -C DIR` of the same gzip'd
//                  tar, encrypted for the purpose with AES-256-CTR (see below), files written
//   server         the built server (apps/server/dist/server.js): POST /v2/storage/diagnostics/
//                  {serial} streamed from disk (multipart), then its job authenticates, unpacks
//                  into quarantine and publishes; polled until the file is Ready
//
// During the server's upload and processing: GET /status every 50 ms from a separate process
// (bench/lib/status-probe.mjs; open loop, so a stall delays every request it covers), and the
// server's RSS every 100 ms from /proc (plus VmHWM before and after, which no peak escapes).
//
// The command line: the .kdp encryption layer is AES-256-GCM in chunks of 64 KiB, each with its
// own framing, nonce and additional data (docs/formats/kdp.md), which `openssl enc` cannot read
// (the openssl command line has no GCM decryption at all). So the bench decrypts the bundle once
// and encrypts the same gzip stream with AES-256-CTR under a random key: `openssl enc -d` then
// does the same AES work without authentication, a lower bound of what the command line would
// need; gzip -d and tar -x are what anyone would run. No pigz on this machine (and gzip
// decompression cannot be spread over cores anyway).
//
// The bundle: the reader's limits were 1 GiB unpacked when this bench was written (8 GiB since,
// docs/formats/kdp.md), so a bundle of 500 MB (the upload limit) could be at most ~2:1
// compressible. The generator's text (tracking CSV, metrics, syslog and debug logs) compresses
// 8.6-12.8:1: a 500 MB bundle of it alone unpacks to 4-6 GB. `--content mixed` (default, kept so
// that results compare across sessions) makes the bundle unpack to --unpacked-ratio (default 2)
// x its size: the
// generator's text (most of the plaintext, all the inflating work) plus incompressible files
// (`dumps/*.gz`, random bytes: what compressed dumps or captures look like) that fill the size.
// `--content text` is the generator's text only (`logs/debug` is 70% of the lines).
//
//   flock /tmp/aerie-build.lock npm run build      (packages/kdp and apps/server built)
//   node bench/diagnostics-upload.bench.mjs [--size-mb 500] [--runs 1] [--label x]
//     [--content mixed|text] [--unpacked-ratio 2] [--no-stages] [--postgres] [--keep]
//     [--restart-server]   (a new server process, same data, before each run after the first)
//     [--cpu-prof DIR]   (the server writes a CPU profile into DIR when it stops)
//     [--server-node-arg=--trace-gc …]   (options of the server's node, repeatable)
//
// Writes bench/results/diagnostics-upload-<label>.json (label: <size>mb by default) and prints
// a table.
import { execFileSync, spawn } from 'node:child_process';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  createWriteStream,
  mkdirSync,
  openSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { open, mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createGunzip } from 'node:zlib';
import { constants as fsConstants } from 'node:fs';
import { cpuMs, machineInfo, startServer } from './lib/bench-server.mjs';
import { signIn } from './lib/sign-in.mjs';
import { uploadBundle as upload } from './lib/upload-bundle.mjs';

const { values: args } = parseArgs({
  options: {
    'size-mb': { type: 'string', default: '500' },
    runs: { type: 'string', default: '1' },
    label: { type: 'string' },
    content: { type: 'string', default: 'mixed' },
    'unpacked-ratio': { type: 'string', default: '2' },
    'no-stages': { type: 'boolean', default: false },
    postgres: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    // A new server process (same data folder) before each run after the first: tells what the
    // process carries from one upload to the next from what the disk or the machine does.
    'restart-server': { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    // Node options of the server process (repeatable), e.g. --server-node-arg=--trace-gc.
    'server-node-arg': { type: 'string', multiple: true, default: [] },
  },
});
const SIZE = Number(args['size-mb']) * 1e6;
const RUNS = Number(args.runs);
const LABEL = args.label ?? `${args['size-mb']}mb`;
const UNPACKED_RATIO = Number(args['unpacked-ratio']);
/** The upload limit (DIAGNOSTICS_LIMITS.maxFileBytes): a larger bundle would be refused (413). */
const MAX_FILE_BYTES = 500_000_000;
/**
 * The generator's text at gzip level 6, plaintext / compressed: 8.6 for 1 million log lines
 * (90 MB); longer logs compress better (12.8 for 7 million, 700 MB), so a mixed bundle unpacks to
 * a little more than --unpacked-ratio x its size (1035 MB for 499 MB) and
 * a text bundle comes out smaller than asked. The bundle's real sizes are in the results.
 */
const TEXT_RATIO = 8.6;
const PROBE_INTERVAL_MS = 50;
const RSS_INTERVAL_MS = 100;
const root = fileURLToPath(new URL('..', import.meta.url));
const kdp = await import(pathToFileURL(join(root, 'packages/kdp/dist/index.js')).href);

// ---------------------------------------------------------------------------------------------
// Small helpers

const round = (n, digits = 1) => (n === null ? null : Math.round(n * 10 ** digits) / 10 ** digits);
const mb = (bytes) => round(bytes / 1e6);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const epochNow = () => performance.timeOrigin + performance.now();
const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : null;
/** The median; of an even count, the mean of the middle two (of a pair: its mean). */
const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const loadAverage = () => os.loadavg().map((l) => round(l));

/** Busy and total CPU ticks of the whole machine (all processes, all cores), from /proc/stat. */
function machineTicks() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = f.map(Number);
  const total = user + nice + system + idle + iowait + irq + softirq + steal;
  return { busy: total - idle - iowait, total };
}

/**
 * Measures `work` (async): wall time, this process's CPU (all its threads: zlib runs in the
 * libuv pool), the machine's busy cores meanwhile (every process: our own work and the others').
 */
async function measure(work) {
  const m0 = machineTicks();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const detail = await work();
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  const m1 = machineTicks();
  return {
    ms,
    cpuMs: (c.user + c.system) / 1000,
    machineBusyCores: round(((m1.busy - m0.busy) / (m1.total - m0.total)) * os.cpus().length, 2),
    ...detail,
  };
}

const summarize = (bytes, r, cpuMs = r.cpuMs) => ({
  ms: Math.round(r.ms),
  mbPerS: round(bytes / 1e6 / (r.ms / 1000)),
  cpuMs: cpuMs === null ? null : Math.round(cpuMs),
  // CPU seconds per GB of bundle: the cost, less moved by other load than the wall time.
  cpuSPerGb: cpuMs === null ? null : round(cpuMs / (bytes / 1e6), 2),
  machineBusyCores: r.machineBusyCores,
});

/** A Writable that only counts. */
function discard() {
  const sink = new Writable({
    highWaterMark: 64 * 1024,
    write(chunk, _encoding, done) {
      sink.bytes += chunk.length;
      done();
    },
  });
  sink.bytes = 0;
  return sink;
}

/**
 * The least a tar reader must do: read each 512-byte header, take the size (octal, or GNU
 * base-256), skip the body and its padding; stop at the first zero block. No checks, no paths.
 */
function tarSkipper() {
  const header = Buffer.alloc(512);
  let fill = 0;
  let skip = 0;
  let ended = false;
  const sink = new Writable({
    highWaterMark: 64 * 1024,
    write(chunk, _encoding, done) {
      let at = 0;
      while (at < chunk.length) {
        if (skip > 0) {
          const n = Math.min(skip, chunk.length - at);
          skip -= n;
          at += n;
          continue;
        }
        if (ended) break;
        const n = Math.min(512 - fill, chunk.length - at);
        chunk.copy(header, fill, at, at + n);
        fill += n;
        at += n;
        if (fill < 512) break;
        fill = 0;
        if (header[0] === 0) {
          ended = true;
          continue;
        }
        const field = header.subarray(124, 136);
        let size = 0;
        if (field[0] & 0x80) for (let i = 1; i < 12; i++) size = size * 256 + field[i];
        else size = parseInt(field.toString('latin1').replace(/\0.*$/s, '').trim() || '0', 8);
        if (header[156] === 0x30 || header[156] === 0) {
          sink.entries += 1;
          sink.entryBytes += size;
        }
        skip = Math.ceil(size / 512) * 512;
      }
      sink.bytes += chunk.length;
      done();
    },
  });
  sink.bytes = 0;
  sink.entries = 0;
  sink.entryBytes = 0;
  return sink;
}

/** A pass-through that counts. */
function counter() {
  const t = new Transform({
    transform(chunk, _encoding, done) {
      t.bytes += chunk.length;
      done(null, chunk);
    },
  });
  t.bytes = 0;
  return t;
}

/** Regular files under `dir` and their total size. */
function treeSize(dir) {
  let files = 0;
  let bytes = 0;
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) {
        files += 1;
        bytes += statSync(p).size;
      }
    }
  };
  walk(dir);
  return { files, bytes };
}

/** A shell command timed by bash: wall, user and system seconds of the whole pipeline. */
function timedShell(command) {
  const m0 = machineTicks();
  const out = execFileSync(
    'bash',
    ['-c', `set -o pipefail; TIMEFORMAT='%R %U %S'; { time ( ${command} ) ; } 2>&1`],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  const m1 = machineTicks();
  const [real, user, sys] = out.trim().split('\n').pop().split(' ').map(Number);
  return {
    ms: real * 1000,
    cpuMs: (user + sys) * 1000,
    machineBusyCores: round(((m1.busy - m0.busy) / (m1.total - m0.total)) * os.cpus().length, 2),
  };
}

// ---------------------------------------------------------------------------------------------
// The bundle

/** A fixed test key, so that a kept bundle can be read again with the same keyring text. */
const KEY = createHash('sha256').update('aerie diagnostics benchmark key').digest();
const KEY_ID = 'bench-1';
const KEYRING_TEXT = `${KEY_ID}:${KEY.toString('base64')}`;
const { keyring } = kdp.parseKeyring(KEYRING_TEXT);

/** Incompressible bytes (an AES-CTR keystream): what compressed dumps and captures look like. */
async function* noise(size, seed) {
  const cipher = createCipheriv(
    'aes-256-ctr',
    KEY,
    createHash('md5').update(`noise ${seed}`).digest(),
  );
  const zeros = Buffer.alloc(1 << 20);
  for (let left = size; left > 0; left -= zeros.length) {
    yield cipher.update(left >= zeros.length ? zeros : zeros.subarray(0, left));
  }
}

/**
 * Writes the bundle to `file`: the generator's text (log lines chosen for `textBytes` of
 * plaintext), then incompressible files filling the bundle up to `targetBytes` as written so far.
 */
async function generateBundle(file, serial, takenAt) {
  const mixed = args.content === 'mixed';
  // mixed: text T and noise B with T + B = ratio x S and T / r + B = S.
  const textBytes = mixed
    ? (SIZE * (UNPACKED_RATIO - 1) * TEXT_RATIO) / (TEXT_RATIO - 1)
    : SIZE * TEXT_RATIO;
  const trackingHours = 24;
  // ~9.6 MB of tracking and metrics CSV for 24 h; ~81 bytes a log line.
  const logLines = Math.max(0, Math.round((textBytes - 9.6e6) / 81));
  const target = Math.min(SIZE * 0.998, MAX_FILE_BYTES - 200_000);
  const out = counter();
  let plaintext = 0;
  let noiseFiles = 0;
  async function* entries() {
    for await (const e of kdp.generateBundleEntries({
      antennaSerial: serial,
      takenAt,
      seed: 18,
      trackingHours,
      logLines,
      bistFailures: 2,
    })) {
      plaintext += e.size ?? e.body.length;
      yield e;
    }
    if (!mixed) return;
    // What the writer has put out by now (gzip holds back a few hundred KB at most).
    const piece = 64 * 2 ** 20;
    let left = target - out.bytes;
    while (left > 4096) {
      const size = Math.min(piece, left - 1024);
      noiseFiles += 1;
      plaintext += size;
      yield {
        path: `dumps/modem-core-${noiseFiles}.gz`,
        size,
        mtime: takenAt,
        body: noise(size, noiseFiles),
      };
      left -= size + 1024;
    }
  }
  const started = performance.now();
  await pipeline(
    kdp.createBundleWriter({ keyring })(entries()),
    out,
    createWriteStream(file, { highWaterMark: 1 << 20 }),
  );
  return {
    content: args.content,
    bytes: statSync(file).size,
    entryBytes: plaintext,
    textBytes: Math.round(textBytes),
    logLines,
    trackingHours,
    noiseFiles,
    generateSeconds: round((performance.now() - started) / 1000),
  };
}

// ---------------------------------------------------------------------------------------------
// Baselines: the Node ceiling (with its stages) and the command line

const fileStream = (file) => createReadStream(file, { highWaterMark: 64 * 1024 });

/** The Node ceiling: decrypt -> gunzip -> tar walk, nothing kept or written. */
async function nodeCeiling(file) {
  return measure(async () => {
    const gunzip = createGunzip();
    const tar = tarSkipper();
    const decrypt = kdp.decryptStream(keyring);
    const plain = counter();
    await pipeline(fileStream(file), decrypt, plain, gunzip, tar);
    return {
      gzipBytes: plain.bytes,
      tarBytes: tar.bytes,
      entries: tar.entries,
      entryBytes: tar.entryBytes,
    };
  });
}

/** The ceiling's stages and the package's own reader, to see where time goes. */
async function nodeStages(file, scratch) {
  const stages = {};
  stages.read = await measure(async () => {
    await pipeline(fileStream(file), discard());
  });
  stages.decrypt = await measure(async () => {
    await pipeline(fileStream(file), kdp.decryptStream(keyring), discard());
  });
  stages.decryptGunzip = await measure(async () => {
    await pipeline(fileStream(file), kdp.decryptStream(keyring), createGunzip(), discard());
  });
  // The package's reader (limits, path checks, entry streams), every body read and dropped.
  stages.kdpReaderDrain = await measure(async () => {
    let n = 0;
    for await (const entry of kdp.createBundleReader({ keyring })(fileStream(file))) {
      for await (const chunk of entry.body) n += chunk.length;
    }
    return { entryBytes: n };
  });
  // What the server's job does with the reader, minus the database and publishing: each entry
  // written to its own file, created exclusively (bundle-processor.ts).
  const out = join(scratch, 'node-unpack');
  stages.kdpReaderWrite = await measure(async () => {
    await mkdir(out);
    for await (const entry of kdp.createBundleReader({ keyring })(fileStream(file))) {
      const target = join(out, ...entry.path.split('/'));
      if (entry.type === 'directory') continue;
      await mkdir(dirname(target), { recursive: true });
      const handle = await open(
        target,
        fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL | fsConstants.O_NOFOLLOW,
        0o640,
      );
      await pipeline(entry.body, handle.createWriteStream());
    }
  });
  await rm(out, { recursive: true, force: true });
  // The upload's disk side without HTTP: MD5 and a copy, as UploadMeter and the blob store do.
  const copy = join(scratch, 'upload-copy');
  stages.md5Copy = await measure(async () => {
    const md5 = createHash('md5');
    const meter = new Transform({
      transform(chunk, _e, done) {
        md5.update(chunk);
        done(null, chunk);
      },
    });
    await pipeline(fileStream(file), meter, createWriteStream(copy));
    md5.digest('hex');
  });
  rmSync(copy, { force: true });
  return stages;
}

/** The bundle's gzip stream encrypted with AES-256-CTR, for `openssl enc -d`. */
async function ctrCopy(file, ctrFile) {
  const key = randomBytes(32);
  const iv = randomBytes(16);
  await pipeline(
    fileStream(file),
    kdp.decryptStream(keyring),
    createCipheriv('aes-256-ctr', key, iv),
    createWriteStream(ctrFile, { highWaterMark: 1 << 20 }),
  );
  return { keyHex: key.toString('hex'), ivHex: iv.toString('hex') };
}

function commandLine(ctr, scratch, stages) {
  const dec = `openssl enc -d -aes-256-ctr -K ${ctr.keyHex} -iv ${ctr.ivHex} -in ${ctr.file}`;
  const out = join(scratch, 'cli-unpack');
  const result = {};
  if (stages) {
    result.stages = {
      openssl: timedShell(`${dec} > /dev/null`),
      opensslGunzip: timedShell(`${dec} | gzip -d > /dev/null`),
    };
  }
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out);
  result.full = timedShell(`${dec} | gzip -d | tar -x -f - -C ${out}`);
  result.unpacked = treeSize(out);
  rmSync(out, { recursive: true, force: true });
  return result;
}

// ---------------------------------------------------------------------------------------------
// The server

/** CPU ms of each of a process's threads, summed by thread name (main, libuv pool, V8 helpers). */
function threadCpu(pid) {
  const byName = {};
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const key = tid === String(pid) ? 'main' : name;
      byName[key] = (byName[key] ?? 0) + (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // ended meanwhile
    }
  }
  return byName;
}

/** CPU ms of each thread of `pid` by thread id (the busiest threads of a run, told apart). */
function threadCpuByTid(pid) {
  return Object.fromEntries(
    Object.entries(threadUserSys(pid)).map(([tid, { user, sys }]) => [tid, user + sys]),
  );
}

const cpuDelta = (a, b) =>
  Object.fromEntries(
    Object.keys(b)
      .map((k) => [k, b[k] - (a[k] ?? 0)])
      .filter(([, v]) => v > 0),
  );

/**
 * User and system CPU ms of a process's main thread and of its other live threads. The libuv
 * pool's system time is the kernel copying written bytes into the page cache, which on this
 * machine costs 3-10 times more or less with the VM's memory state (see pageCacheProbe).
 */
function threadUserSys(pid) {
  const byTid = {};
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      byTid[tid] = { user: Number(fields[11]) * 10, sys: Number(fields[12]) * 10 };
    } catch {
      // ended meanwhile
    }
  }
  return byTid;
}

/** What the main thread and the other threads alive at the end spent between two readings. */
function userSysDelta(pid, before, after) {
  const sum = (entries) =>
    entries.reduce(
      (total, [tid, v]) => ({
        user: total.user + v.user - (before[tid]?.user ?? 0),
        sys: total.sys + v.sys - (before[tid]?.sys ?? 0),
      }),
      { user: 0, sys: 0 },
    );
  const entries = Object.entries(after);
  return {
    main: sum(entries.filter(([tid]) => Number(tid) === pid)),
    others: sum(entries.filter(([tid]) => Number(tid) !== pid)),
  };
}

let pageCacheProbes = 0;
/**
 * The kernel's cost of new page-cache pages right now: 256 MB written to a new file, kept until
 * the run ends (deleting it at once would hand the next pipeline freshly freed, cheap pages).
 * On this VM (free pages reported to the host, a balloon device) it varies about tenfold,
 * 300-3,600 MB per system-second, with what the machine freed lately: a pipeline that writes
 * (the command line, the server) is slow or fast with it, whatever its own code does
 * (docs/performance.md, "Later uploads: the machine's memory, not the server").
 */
function pageCacheProbe(dir) {
  const buffer = Buffer.alloc(1 << 20, 1);
  const fd = openSync(join(dir, `page-cache-probe-${pageCacheProbes++}`), 'wx');
  const before = process.cpuUsage();
  try {
    for (let i = 0; i < 256; i++) writeSync(fd, buffer);
  } finally {
    closeSync(fd);
  }
  const { system } = process.cpuUsage(before);
  return { sysMs: Math.round(system / 1000), mbPerSysS: Math.round(256 / (system / 1e6)) };
}

/** Removes the run's page-cache probes (once its pipelines are done). */
function removePageCacheProbes(dir) {
  for (const name of readdirSync(dir))
    if (name.startsWith('page-cache-probe-')) rmSync(join(dir, name), { force: true });
}

/** Writes dirty pages to disk (`sync`); the MB that were dirty before. */
function flushDirtyPages() {
  const dirty = Number(/Dirty:\s+(\d+) kB/.exec(readFileSync('/proc/meminfo', 'utf8'))?.[1] ?? 0);
  execFileSync('sync');
  return round((dirty * 1024) / 1e6, 1);
}

function rss(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

async function api(base, token, path) {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** An antenna serial of a demo device (GET /v2/devices, then the device's components). */
async function antennaSerial(base, token) {
  const list = await api(base, token, '/v2/devices?take=20');
  for (const item of list.items) {
    const device = await api(base, token, `/v2/devices/${item.id}`);
    const antenna = (device.components ?? device.data?.components ?? []).find(
      (c) => c.type === 'Antenna',
    );
    if (antenna?.serial) return { serial: antenna.serial, deviceId: item.id };
  }
  throw new Error('no demo device with an Antenna component');
}

/** The yyyymmddhhMMss of a bundle name. */
const stamp = (d) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14);

function startProbe(url) {
  const child = spawn(
    process.execPath,
    [join(root, 'bench/lib/status-probe.mjs'), url, String(PROBE_INTERVAL_MS)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  return {
    stop: () =>
      new Promise((resolve, reject) => {
        child.on('exit', (code) =>
          code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`probe exited ${code}`)),
        );
        child.stdin.end();
      }),
  };
}

function latencyStats(samples) {
  const ms = samples.map((s) => s[1]).sort((a, b) => a - b);
  return {
    requests: ms.length,
    errors: samples.filter((s) => s[2] !== 200).length,
    p50Ms: round(percentile(ms, 0.5), 1),
    p99Ms: round(percentile(ms, 0.99), 1),
    maxMs: round(ms.at(-1) ?? null, 1),
    over50Ms: ms.filter((v) => v > 50).length,
  };
}

/** One upload of the bundle to the running server, then its processing until Ready. */
async function serverRun(server, token, serial, file, bundleBytes, index) {
  const fileName = `${serial}_${stamp(new Date(Date.UTC(2026, 10, 22, 12, 0, index)))}.kdp`;
  const pid = server.pid;
  // Idle first: the server settles, the RSS before is the median of a second of samples.
  await sleep(2000);
  const before = [];
  for (let i = 0; i < 10; i++) {
    before.push(rss(pid).rss);
    await sleep(RSS_INTERVAL_MS);
  }
  const rssBefore = median(before);
  const hwmBefore = rss(pid).hwm;
  const probe = startProbe(`${server.base}/status`);
  await sleep(1500);
  const rssTimeline = [];
  let phase = 'upload';
  let peak = rssBefore;
  const peaks = { upload: rssBefore, wait: rssBefore, unpack: rssBefore };
  const sampler = setInterval(() => {
    const now = rss(pid).rss;
    peak = Math.max(peak, now);
    peaks[phase] = Math.max(peaks[phase], now);
    rssTimeline.push([Math.round(epochNow()), phase, now]);
  }, RSS_INTERVAL_MS);

  // The job's progress seen on disk, at no cost to the server: its quarantine folder appears
  // when unpacking starts, the published folder when it is renamed into place.
  const ls = (dir) => {
    try {
      return readdirSync(dir);
    } catch {
      return [];
    }
  };
  const quarantineDir = join(dataDir, 'diagnostics-quarantine');
  const contentDir = join(dataDir, 'blobs/objects/diagnostics-content');
  const knownContent = new Set(ls(contentDir));
  let tQuarantine = null;
  let tPublished = null;
  const watcher = setInterval(() => {
    const now = epochNow();
    if (tQuarantine === null && ls(quarantineDir).length > 0) tQuarantine = now;
    if (tPublished === null && ls(contentDir).some((id) => !knownContent.has(id))) {
      tPublished = now;
    }
  }, 10);

  const m0 = machineTicks();
  const cpu0 = cpuMs(pid);
  const threads0 = threadCpu(pid);
  const tids0 = threadCpuByTid(pid);
  const userSys0 = threadUserSys(pid);
  const t0 = epochNow();
  const answer = await upload(server.base, token, serial, fileName, file);
  const tUploaded = epochNow();
  const cpuUploaded = cpuMs(pid);
  const threadsUploaded = threadCpu(pid);
  const tidsUploaded = threadCpuByTid(pid);
  if (answer.status !== 200) {
    clearInterval(sampler);
    clearInterval(watcher);
    await probe.stop();
    throw new Error(`upload answered ${answer.status}: ${answer.body.slice(0, 500)}`);
  }
  phase = 'wait';
  let final = null;
  let lastAsked = 0;
  for (;;) {
    const now = epochNow();
    if (tQuarantine !== null) phase = 'unpack';
    // The API is asked rarely until the contents are published (a rejection shows only there),
    // then often: Ready follows the publishing by one transaction.
    if (now - lastAsked >= (tPublished === null ? 1000 : 20)) {
      lastAsked = now;
      const list = await api(
        server.base,
        token,
        `/v2/storage/diagnostics/${encodeURIComponent(serial)}/items?take=50`,
      );
      const item = list.items.find((i) => i.fileName === fileName);
      if (item?.status === 'Ready' || item?.status === 'Rejected') {
        final = { at: epochNow(), ...item };
        break;
      }
    }
    if (now - t0 > 30 * 60_000) throw new Error('not Ready after 30 minutes');
    await sleep(10);
  }
  clearInterval(watcher);
  const tProcessing = tQuarantine ?? final.at;
  tPublished ??= final.at;
  const cpuReady = cpuMs(pid);
  const threadsReady = threadCpu(pid);
  const userSysReady = threadUserSys(pid);
  const m1 = machineTicks();
  clearInterval(sampler);
  await sleep(500);
  const samples = await probe.stop();
  const hwmAfter = rss(pid).hwm;
  const tReady = final.at;
  const within = (from, to) => samples.filter((s) => s[0] >= from && s[0] < to);
  const uploadMs = tUploaded - t0;
  const totalMs = tReady - t0;
  const rate = (ms) => round(bundleBytes / 1e6 / (ms / 1000));
  return {
    fileName,
    status: final.status,
    statusMessage: final.statusMessage,
    uploadMs: Math.round(uploadMs),
    // Upload answered -> the job's quarantine folder appears -> the contents are published ->
    // Ready seen by the API (asked every ~20 ms once published). When the server unpacks while
    // the bundle uploads, its quarantine folder appears during the upload: no wait, and the
    // unpack overlaps the upload (unpackMs from the folder's appearance, answerToReadyMs the
    // time the user waits after the answer).
    unpackedWhileUploading: tProcessing < tUploaded,
    unpackStartedMs: Math.round(tProcessing - t0),
    waitMs: Math.round(Math.max(0, tProcessing - tUploaded)),
    answerToReadyMs: Math.round(tReady - tUploaded),
    unpackMs: Math.round(tPublished - tProcessing),
    publishToReadyMs: Math.round(tReady - tPublished),
    totalMs: Math.round(totalMs),
    uploadMbPerS: rate(uploadMs),
    totalMbPerS: rate(totalMs),
    serverCpuMs: { upload: cpuUploaded - cpu0, afterUpload: cpuReady - cpuUploaded },
    // By thread: `main` (the event loop: JavaScript, and the work it does inline), the libuv
    // pool (zlib, file reads and writes), V8's helpers (GC), the PGlite worker.
    // The busiest threads during the upload, by thread id (the main thread is the pid).
    serverBusiestThreadsMs: Object.entries(cpuDelta(tids0, tidsUploaded))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([tid, ms]) => ({ tid: Number(tid), main: Number(tid) === pid, ms })),
    // User and system CPU from the start of the upload to Ready: the main thread, and the
    // threads alive at the end (the libuv pool's system time is the page cache's copy; the
    // unpack worker's own CPU is serverCpuMs less these, its thread having ended).
    serverThreadsUserSysMs: userSysDelta(pid, userSys0, userSysReady),
    serverThreadCpuMs: {
      upload: cpuDelta(threads0, threadsUploaded),
      afterUpload: cpuDelta(threadsUploaded, threadsReady),
    },
    apiPolls: 'items list every 1 s until published, then every ~20 ms',
    serverCpuSPerGb: {
      upload: round((cpuUploaded - cpu0) / (bundleBytes / 1e6), 2),
      afterUpload: round((cpuReady - cpuUploaded) / (bundleBytes / 1e6), 2),
      total: round((cpuReady - cpu0) / (bundleBytes / 1e6), 2),
    },
    machineBusyCores: round(((m1.busy - m0.busy) / (m1.total - m0.total)) * os.cpus().length, 2),
    rss: {
      beforeMb: mb(rssBefore),
      peakGrowthMb: mb(peak - rssBefore),
      peakGrowthByPhaseMb: Object.fromEntries(
        Object.entries(peaks).map(([k, v]) => [k, mb(v - rssBefore)]),
      ),
      // VmHWM catches a peak between two samples (when it exceeds the process's earlier peak).
      hwmBeforeMb: mb(hwmBefore),
      hwmAfterMb: mb(hwmAfter),
      hwmGrowthOverBaselineMb: hwmAfter > hwmBefore ? mb(hwmAfter - rssBefore) : null,
      timeline: rssTimeline.map(([t, p, v]) => [Math.round(t - t0), p, mb(v)]),
    },
    statusLatency: {
      idle: latencyStats(within(0, t0)),
      whole: latencyStats(within(t0, tReady)),
      upload: latencyStats(within(t0, tUploaded)),
      unpack: latencyStats(within(tUploaded, tReady)),
      slowest: [...within(t0, tReady)]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 10)
        .map(([t, ms]) => ({ atMs: Math.round(t - t0), ms })),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The run

const work = mkdtempSync(join(os.tmpdir(), 'aerie-bench-diag-'));
const dataDir = join(work, 'data');
mkdirSync(dataDir);
const bundleFile = join(work, 'bundle.kdp');
const ctrFile = join(work, 'bundle.tar.gz.ctr');
const output = {
  benchmark: 'diagnostics-upload',
  at: new Date().toISOString(),
  label: LABEL,
  machine: { ...machineInfo(), uptimeAtStart: execFileSync('uptime', { encoding: 'utf8' }).trim() },
  sizeMbRequested: Number(args['size-mb']),
  runs: RUNS,
  database: args.postgres ? 'postgres' : 'pglite',
};

let pg = null;
let server = null;
try {
  const env = {
    DATA_DIR: dataDir,
    DEMO_DIAGNOSTIC_BUNDLES: '0',
    DIAGNOSTICS_KEYRING: KEYRING_TEXT,
  };
  if (args.postgres) {
    const { startTestPostgres } = await import('../scripts/pg-test-server.mjs');
    pg = await startTestPostgres();
    const { default: pgLib } = await import('pg');
    const client = new pgLib.Client({ connectionString: pg.url });
    await client.connect();
    await client.query('drop database if exists aerie_bench_diagnostics');
    await client.query('create database aerie_bench_diagnostics');
    await client.end();
    const url = new URL(pg.url);
    url.pathname = '/aerie_bench_diagnostics';
    env.DATABASE_URL = url.toString();
    output.postgres = pg.version;
  }
  const nodeArgs = [...args['server-node-arg']];
  if (args['cpu-prof']) {
    mkdirSync(args['cpu-prof'], { recursive: true });
    nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${args['cpu-prof']}`);
  }
  console.log(`== starting the server (50 devices, ${output.database}) in ${dataDir}`);
  server = await startServer(root, env, 50, undefined, nodeArgs);
  let token = await signIn(server.base, 'sofia.reyes@aerie.example');
  const { serial } = await antennaSerial(server.base, token);
  console.log(`   ready in ${server.readySeconds} s; antenna ${serial}`);

  console.log(`== generating a ${args.content} bundle of ~${args['size-mb']} MB`);
  output.bundle = await generateBundle(bundleFile, serial, new Date(Date.UTC(2026, 10, 22, 12)));
  const B = output.bundle.bytes;
  if (B > MAX_FILE_BYTES) throw new Error(`the bundle is ${B} bytes: over the upload limit`);
  console.log(
    `   ${mb(B)} MB bundle, ${mb(output.bundle.entryBytes)} MB in ${output.bundle.noiseFiles} noise files + text, in ${output.bundle.generateSeconds} s`,
  );
  const ctr = { file: ctrFile, ...(await ctrCopy(bundleFile, ctrFile)) };
  output.commandLine = {
    pipeline: 'openssl enc -d -aes-256-ctr -K … -iv … -in FILE | gzip -d | tar -x -f - -C DIR',
    versions: {
      openssl: execFileSync('openssl', ['version'], { encoding: 'utf8' }).trim(),
      gzip: execFileSync('gzip', ['--version'], { encoding: 'utf8' }).split('\n')[0],
      tar: execFileSync('tar', ['--version'], { encoding: 'utf8' }).split('\n')[0],
    },
    ctrFileBytes: statSync(ctrFile).size,
  };

  if (!args['no-stages']) {
    console.log('== stages (Node, this process)');
    const stages = await nodeStages(bundleFile, work);
    output.nodeStages = Object.fromEntries(
      Object.entries(stages).map(([k, r]) => [k, summarize(B, r)]),
    );
    const cli = commandLine(ctr, work, true);
    output.commandLineStages = Object.fromEntries(
      Object.entries(cli.stages).map(([k, r]) => [k, summarize(B, r)]),
    );
  }

  output.perRun = [];
  for (let run = 0; run < RUNS; run++) {
    console.log(`== run ${run + 1}/${RUNS} (load ${loadAverage().join(' ')})`);
    const r = { loadAverageAtStart: loadAverage() };
    if (args['restart-server'] && run > 0) {
      await server.stop();
      server = await startServer(root, env, 50, undefined, nodeArgs);
      token = await signIn(server.base, 'sofia.reyes@aerie.example');
      r.serverRestarted = true;
    }

    // Baselines on both sides of the server's run, so that all three see the same machine.
    // Each starts with no dirty pages: the 1-1.5 GB an unpack writes is flushed to disk in the
    // background for seconds afterwards, at a cost (kernel CPU, throttled writes) that would
    // otherwise land on whatever runs next (docs/performance.md).
    const ceilings = [];
    const clis = [];
    r.dirtyMbBefore = [];
    const settled = () => r.dirtyMbBefore.push(flushDirtyPages());
    // The server's own CPU while the baselines run (it should be idle: nothing else is asked).
    const serverCpuBefore = cpuMs(server.pid);
    // The page cache's cost just before each pipeline that writes (pageCacheProbe): a
    // comparison between two of them holds only where their probes are alike.
    r.pageCacheBefore = {};
    const probe = (name) => {
      r.pageCacheBefore[name] = pageCacheProbe(work);
      settled();
    };
    settled();
    ceilings.push(await nodeCeiling(bundleFile));
    probe('commandLine1');
    const cli1 = commandLine(ctr, work, false);
    clis.push(cli1.full);
    probe('server');
    r.server = await serverRun(server, token, serial, bundleFile, B, run);
    probe('commandLine2');
    clis.push(commandLine(ctr, work, false).full);
    settled();
    ceilings.push(await nodeCeiling(bundleFile));
    removePageCacheProbes(work);
    r.serverCpuMsOutsideItsRun =
      cpuMs(server.pid) -
      serverCpuBefore -
      r.server.serverCpuMs.upload -
      r.server.serverCpuMs.afterUpload;
    r.nodeCeiling = ceilings.map((c) => summarize(B, c));
    r.commandLine = clis.map((c) => summarize(B, c));
    r.archive = {
      gzipBytes: ceilings[0].gzipBytes,
      tarBytes: ceilings[0].tarBytes,
      entries: ceilings[0].entries,
      entryBytes: ceilings[0].entryBytes,
      commandLineUnpacked: cli1.unpacked,
    };
    const ceilingMbps = median(r.nodeCeiling.map((c) => c.mbPerS));
    const cliMbps = median(r.commandLine.map((c) => c.mbPerS));
    r.ratios = {
      serverTotalOverNodeCeiling: round(r.server.totalMbPerS / ceilingMbps, 3),
      serverTotalOverCommandLine: round(r.server.totalMbPerS / cliMbps, 3),
      serverUploadOnlyOverNodeCeiling: round(r.server.uploadMbPerS / ceilingMbps, 3),
    };
    r.loadAverageAtEnd = loadAverage();
    output.perRun.push(r);
    console.log(
      `   page cache before (MB per system-second): command line ${r.pageCacheBefore.commandLine1.mbPerSysS}, server ${r.pageCacheBefore.server.mbPerSysS}, command line ${r.pageCacheBefore.commandLine2.mbPerSysS}; server threads other than main: user ${r.server.serverThreadsUserSysMs.others.user} ms, system ${r.server.serverThreadsUserSysMs.others.sys} ms`,
    );
    console.log(
      `   server ${r.server.status}: upload ${r.server.uploadMs} ms, unpack ${r.server.unpackedWhileUploading ? `from ${r.server.unpackStartedMs} ms, while uploading` : `after a wait of ${r.server.waitMs} ms`}, ${r.server.unpackMs} ms, answer -> Ready ${r.server.answerToReadyMs} ms (published -> Ready ${r.server.publishToReadyMs} ms)`,
    );
  }
  // The published contents of the last file (the server's own count of what it wrote).
  const contentRoot = join(dataDir, 'blobs/objects/diagnostics-content');
  try {
    output.publishedContents = readdirSync(contentRoot).map((id) => ({
      id,
      ...treeSize(join(contentRoot, id)),
    }));
  } catch {
    output.publishedContents = null;
  }
} finally {
  if (server) await server.stop();
  if (pg) await pg.stop();
  if (!args.keep) rmSync(work, { recursive: true, force: true });
  else console.log(`kept ${work}`);
}

// ---------------------------------------------------------------------------------------------
// Summary

const medianOf = (pick) => median(output.perRun.map(pick));
const B = output.bundle.bytes;
output.summary = {
  bundleMb: mb(B),
  gzipMb: mb(output.perRun[0].archive.gzipBytes),
  unpackedMb: mb(output.perRun[0].archive.entryBytes),
  nodeCeilingMbPerS: medianOf((r) => median(r.nodeCeiling.map((c) => c.mbPerS))),
  commandLineMbPerS: medianOf((r) => median(r.commandLine.map((c) => c.mbPerS))),
  serverUploadMbPerS: medianOf((r) => r.server.uploadMbPerS),
  serverTotalMbPerS: medianOf((r) => r.server.totalMbPerS),
  serverTotalOverNodeCeiling: medianOf((r) => r.ratios.serverTotalOverNodeCeiling),
  serverTotalOverCommandLine: medianOf((r) => r.ratios.serverTotalOverCommandLine),
  rssPeakGrowthMb: Math.max(...output.perRun.map((r) => r.server.rss.peakGrowthMb)),
  statusP99Ms: Math.max(...output.perRun.map((r) => r.server.statusLatency.whole.p99Ms)),
  statusMaxMs: Math.max(...output.perRun.map((r) => r.server.statusLatency.whole.maxMs)),
};
const s = output.summary;
output.targets = {
  throughputAtLeast80PercentOfNodeCeiling: s.serverTotalOverNodeCeiling >= 0.8,
  fasterThanCommandLine: s.serverTotalOverCommandLine > 1,
  rssGrowthUnder100Mb: s.rssPeakGrowthMb < 100,
  statusP99Under50Ms: s.statusP99Ms < 50,
};
output.machine.loadAverage.end = loadAverage();
output.machine.uptimeAtEnd = execFileSync('uptime', { encoding: 'utf8' }).trim();

const row = (name, r) =>
  console.log(
    `${name.padEnd(34)}${String(r.ms).padStart(9)}${String(r.mbPerS).padStart(10)}${String(r.cpuSPerGb ?? '').padStart(12)}${String(r.machineBusyCores ?? '').padStart(8)}`,
  );
console.log(
  `\nbundle ${s.bundleMb} MB (gzip stream ${s.gzipMb} MB, unpacked ${s.unpackedMb} MB in ${output.perRun[0].archive.entries} files)`,
);
console.log(
  `${'measurement'.padEnd(34)}${'ms'.padStart(9)}${'MB/s'.padStart(10)}${'CPU s/GB'.padStart(12)}${'busy'.padStart(8)}`,
);
for (const [k, r] of Object.entries(output.nodeStages ?? {})) row(`node stage: ${k}`, r);
for (const [k, r] of Object.entries(output.commandLineStages ?? {})) row(`cli stage: ${k}`, r);
for (const [i, r] of output.perRun.entries()) {
  r.nodeCeiling.forEach((c, j) => row(`run ${i + 1} node ceiling #${j + 1}`, c));
  r.commandLine.forEach((c, j) => row(`run ${i + 1} command line #${j + 1}`, c));
  const sv = r.server;
  row(`run ${i + 1} server upload`, {
    ms: sv.uploadMs,
    mbPerS: sv.uploadMbPerS,
    cpuSPerGb: sv.serverCpuSPerGb.upload,
  });
  row(`run ${i + 1} server upload+unpack`, {
    ms: sv.totalMs,
    mbPerS: sv.totalMbPerS,
    cpuSPerGb: sv.serverCpuSPerGb.total,
    machineBusyCores: sv.machineBusyCores,
  });
  console.log(
    `   (wait for the job ${sv.waitMs} ms, unpack ${sv.unpackMs} ms, published -> Ready ${sv.publishToReadyMs} ms; RSS ${sv.rss.beforeMb} MB +${sv.rss.peakGrowthMb} MB; /status p50 ${sv.statusLatency.whole.p50Ms} p99 ${sv.statusLatency.whole.p99Ms} max ${sv.statusLatency.whole.maxMs} ms over ${sv.statusLatency.whole.requests}, idle p99 ${sv.statusLatency.idle.p99Ms})`,
  );
}
console.log('\ntarget                                        value        holds');
const t = (name, value, ok) =>
  console.log(`${name.padEnd(46)}${String(value).padStart(8)}     ${ok ? 'yes' : 'NO'}`);
t(
  'upload+unpack / node ceiling >= 0.8',
  s.serverTotalOverNodeCeiling,
  output.targets.throughputAtLeast80PercentOfNodeCeiling,
);
t(
  'upload+unpack / command line > 1',
  s.serverTotalOverCommandLine,
  output.targets.fasterThanCommandLine,
);
t('peak RSS growth < 100 MB', s.rssPeakGrowthMb, output.targets.rssGrowthUnder100Mb);
t('/status p99 < 50 ms', s.statusP99Ms, output.targets.statusP99Under50Ms);
console.log(`load: ${output.machine.uptimeAtStart}\n   -> ${output.machine.uptimeAtEnd}`);

mkdirSync(join(root, 'bench/results'), { recursive: true });
const file = join(root, `bench/results/diagnostics-upload-${LABEL}.json`);
writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
console.log(`\nwritten ${file}`);
