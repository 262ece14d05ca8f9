#!/usr/bin/env node
// What checking an answer against its schema costs (issue 12: under 10% of a request's CPU).
// Serializes real answers (a device list page of 50 with the portal's fields, the 10,000-row
// export page, one device, a job) three ways, alternating in one process so the machine's
// noise hits all alike: zod's parse then JSON.stringify (fastify-type-provider-zod), the
// serializer compiled from the same schema (plugins/serialization.ts, fast-json-stringify),
// and plain JSON.stringify with no check at all (the floor).
//
//   npm run build:packages && npm run build -w apps/server && node bench/serialization.bench.mjs
//
// Writes bench/results/serialization.json and prints a table of µs of CPU per answer.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deviceListSchema, deviceSchema, jobSchema } from '../packages/contract/dist/index.js';
import { compileResponseSchema } from '../apps/server/dist/plugins/serialization.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const iso = (i) => new Date(Date.UTC(2026, 10, 24, 10, 0, i % 60)).toISOString();
const uuid = (i) => `5b1c3f0e-8a7d-4e2b-9c1a-${String(i).padStart(12, '0')}`;

function listItem(i) {
  return {
    id: uuid(i),
    type: 'u8 Maritime',
    name: `Vessel ${i}`,
    serial: `KU${100000 + i}`,
    accountId: uuid(1_000_000 + (i % 20)),
    accountName: 'Northwind Maritime',
    networkStatus: {
      satelliteOnline: i % 3 !== 0,
      cellularOnline: i % 5 === 0 ? null : true,
      satelliteSignal: 7.5 + (i % 10) / 10,
      cellularSignal: null,
      wifi: null,
      beam: `B${i % 12}`,
      satelliteLastUpdated: iso(i),
      cellularLastUpdated: i % 2 ? iso(i + 1) : null,
    },
    components: [
      { type: 'GeoModem', model: 'u8 modem', assetId: null, serial: `GM${i}` },
      { type: 'Antenna', model: 'u8 antenna', assetId: `AS${i}`, serial: `AN${i}` },
    ],
    productCode: 'U8-MAR',
    productName: 'u8 Maritime',
  };
}
const page = (n) =>
  deviceListSchema.parse({
    total: 100_000,
    items: Array.from({ length: n }, (_, i) => listItem(i)),
  });

const device = {
  ...listItem(7),
  description: null,
};
const job = jobSchema.parse({
  id: uuid(1),
  kind: 'SyncRemote',
  status: 'Success',
  accountId: uuid(2),
  deviceId: uuid(3),
  createdBy: null,
  createdOn: iso(1),
  finishedOn: iso(2),
  payload: { command: 'syncToHub', beams: ['B1', 'B2'] },
  result: { hub: { applied: true, warnings: [] } },
});

const cases = [
  { name: 'device list page of 50', schema: deviceListSchema, data: page(50) },
  { name: 'device list export of 10,000', schema: deviceListSchema, data: page(10_000) },
  { name: 'job', schema: jobSchema, data: job },
];
// The device detail's full shape comes from the contract; use it only if the sample parses.
const parsedDevice = deviceSchema.safeParse(device);
if (parsedDevice.success)
  cases.push({ name: 'device', schema: deviceSchema, data: parsedDevice.data });

function cpuMicros(fn, iterations) {
  const start = process.cpuUsage();
  for (let i = 0; i < iterations; i++) fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / iterations;
}

const rounds = 7;
const results = [];
for (const c of cases) {
  const compiled = compileResponseSchema(c.schema).serialize;
  if (!compiled) throw new Error(`${c.name}: schema did not compile`);
  const ways = {
    zod: () => JSON.stringify(c.schema.parse(c.data)),
    compiled: () => compiled(c.data),
    plain: () => JSON.stringify(c.data),
  };
  // Same output: the compiled serializer writes what zod's pass writes.
  if (JSON.stringify(JSON.parse(ways.compiled())) !== JSON.stringify(JSON.parse(ways.zod()))) {
    throw new Error(`${c.name}: compiled output differs from zod's`);
  }
  const iterations = Math.max(3, Math.round(20_000 / JSON.stringify(c.data).length) * 50);
  const samples = { zod: [], compiled: [], plain: [] };
  for (const way of Object.keys(ways)) cpuMicros(ways[way], iterations); // warm up
  for (let r = 0; r < rounds; r++) {
    for (const way of Object.keys(ways)) samples[way].push(cpuMicros(ways[way], iterations));
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  results.push({
    case: c.name,
    bytes: JSON.stringify(c.data).length,
    iterations,
    zodMicros: median(samples.zod),
    compiledMicros: median(samples.compiled),
    plainMicros: median(samples.plain),
  });
}

console.log('\nCPU per answer (median of 7 alternating rounds), µs');
console.log('case                           bytes    zod  compiled  plain  zod/compiled');
for (const r of results) {
  console.log(
    `${r.case.padEnd(30)} ${String(r.bytes).padStart(8)} ${r.zodMicros.toFixed(0).padStart(6)} ${r.compiledMicros
      .toFixed(0)
      .padStart(
        9,
      )} ${r.plainMicros.toFixed(0).padStart(6)} ${(r.zodMicros / r.compiledMicros).toFixed(1).padStart(13)}`,
  );
}
mkdirSync(`${root}bench/results`, { recursive: true });
writeFileSync(
  `${root}bench/results/serialization.json`,
  JSON.stringify({ date: new Date().toISOString(), node: process.version, results }, null, 2),
);
