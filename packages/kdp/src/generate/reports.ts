/** Overview files and self-test (POST/BIST) reports of a generated bundle. */
import type { PostReport, PostTestCase } from '../entries.js';
import { hashUnit, mulberry32 } from './prng.js';
import type { Scenario } from './scenario.js';

interface CaseSpec {
  name: string;
  classname: string;
  seconds: number;
  /** A passing measurement, given noise in [-0.5, 0.5). */
  pass: (noise: number) => number | string | number[];
  /** The failing measurement and why it failed. */
  fail: { value: number | string | number[]; message: string };
}

const r = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const gammas = (noise: number) =>
  Array.from({ length: 8 }, (_, k) => r(-15 + 2 * Math.sin(k + noise * 3) + noise, 1));

const CASES: CaseSpec[] = [
  {
    name: 'lnaCurrent',
    classname: 'rf',
    seconds: 0.21,
    pass: (n) => r(0.82 + 0.05 * n),
    fail: { value: 1.37, message: 'LNA current 1.37 A above the 1.10 A limit' },
  },
  {
    name: 'rxPllLock',
    classname: 'rf',
    seconds: 0.5,
    pass: () => 'locked',
    fail: { value: 'unlocked', message: 'Rx PLL did not lock within 500 ms' },
  },
  {
    name: 'gammaSweep',
    classname: 'rf',
    seconds: 3.5,
    pass: gammas,
    fail: {
      value: [-14.2, -13.9, -15.1, -4.1, -14.8, -13.5, -15.6, -14.0],
      message: 'Return loss -4.1 dB at element 4 is worse than the -10.0 dB limit',
    },
  },
  {
    name: 'bucOutputPower',
    classname: 'rf',
    seconds: 1.2,
    pass: (n) => r(33.1 + 0.4 * n),
    fail: { value: 21.4, message: 'BUC output power 21.4 dBm below the 30.0 dBm minimum' },
  },
  {
    name: 'lnbGain',
    classname: 'rf',
    seconds: 0.9,
    pass: (n) => r(58.5 + 0.6 * n),
    fail: { value: 41.2, message: 'LNB gain 41.2 dB below the 50.0 dB minimum' },
  },
  {
    name: 'supplyVoltage',
    classname: 'power',
    seconds: 0.05,
    pass: (n) => r(48.1 + 0.3 * n),
    fail: { value: 39.2, message: 'Supply voltage 39.2 V below the 42.0 V minimum' },
  },
  {
    name: 'rail3v3',
    classname: 'power',
    seconds: 0.04,
    pass: (n) => r(3.3 + 0.02 * n, 3),
    fail: { value: 2.91, message: '3.3 V rail at 2.91 V, outside 3.14-3.46 V' },
  },
  {
    name: 'boardTemperature',
    classname: 'thermal',
    seconds: 0.02,
    pass: (n) => r(41 + 3 * n, 1),
    fail: { value: 91.5, message: 'Board temperature 91.5 °C above the 85.0 °C limit' },
  },
  {
    name: 'fanSpeed',
    classname: 'thermal',
    seconds: 2.1,
    pass: (n) => Math.round(4200 + 200 * n),
    fail: { value: 0, message: 'Fan 1 stalled (0 rpm at 100% duty)' },
  },
  {
    name: 'imuSelfTest',
    classname: 'sensors',
    seconds: 1.6,
    pass: () => 'pass',
    fail: { value: 'gyroZ 4.8 dps', message: 'Gyro Z self-test output out of range' },
  },
  {
    name: 'gpsAntenna',
    classname: 'sensors',
    seconds: 0.3,
    pass: () => 'ok',
    fail: { value: 'open', message: 'GPS antenna open circuit (0.2 mA)' },
  },
  {
    name: 'yawSensor',
    classname: 'sensors',
    seconds: 0.7,
    pass: () => 'ok',
    fail: { value: 'timeout', message: 'No response from the yaw sensor on /dev/ttyS2' },
  },
  {
    name: 'modemComms',
    classname: 'system',
    seconds: 1.1,
    pass: () => 'ok',
    fail: { value: 'timeout', message: 'No response from the modem on eth1 after 3 retries' },
  },
  {
    name: 'asmComms',
    classname: 'system',
    seconds: 0.4,
    pass: () => 'ok',
    fail: { value: 'crc', message: 'ASM link CRC errors: 17 in 1000 frames' },
  },
  {
    name: 'flashIntegrity',
    classname: 'system',
    seconds: 2.8,
    pass: () => 'ok',
    fail: { value: 'mismatch', message: 'Flash CRC mismatch in partition rootfs-b' },
  },
];

export const BIST_CASE_COUNT = CASES.length;

export interface RunInfo {
  startMs: number;
  stopMs: number;
  failures: { classname: string; name: string; message: string }[];
}

/** One report: test cases in suites by class; `failing` names the indexes of failing cases. */
export function postReport(
  s: Scenario,
  run: number,
  startMs: number,
  failing: ReadonlySet<number>,
): { report: PostReport; info: RunInfo } {
  const suites: PostReport['testsuites'] = [];
  const failures: RunInfo['failures'] = [];
  let at = startMs;
  let status = 0;
  for (const classname of ['rf', 'power', 'thermal', 'sensors', 'system']) {
    const suiteStart = at;
    const testcases: PostTestCase[] = [];
    CASES.forEach((spec, index) => {
      if (spec.classname !== classname) return;
      const noise = hashUnit(s.seed, run * 100 + index, 7) - 0.5;
      const time = r(spec.seconds * (1 + 0.2 * noise), 3);
      at += Math.round(time * 1000);
      const fails = failing.has(index);
      const code = fails ? 100 + index : 0;
      if (fails && status === 0) status = code;
      if (fails) failures.push({ classname, name: spec.name, message: spec.fail.message });
      const measured = fails ? spec.fail.value : spec.pass(noise);
      testcases.push({
        name: spec.name,
        classname,
        status: code,
        message: fails ? spec.fail.message : '',
        time,
        ...(Array.isArray(measured) ? { gammavalues: measured } : { value: measured }),
      });
    });
    suites.push({
      starttime: new Date(suiteStart).toISOString(),
      stoptime: new Date(at).toISOString(),
      testcases,
    });
  }
  return {
    report: {
      acuserialnumber: s.components.acu,
      asmserialnumber: s.components.asm,
      antennaserialnumber: s.serial,
      status,
      testsuites: suites,
    },
    info: { startMs, stopMs: at, failures },
  };
}

/** When the latest report (a BIST on demand) ran: shortly before the bundle was taken. */
export const bistStartMs = (s: Scenario) => s.takenAtMs - 180_000;

/** The failing case indexes of the latest report, chosen by the seed. */
export function chooseFailures(s: Scenario, count: number): Set<number> {
  if (!Number.isInteger(count) || count < 0 || count > CASES.length) {
    throw new RangeError(`bistFailures must be a whole number from 0 to ${CASES.length}.`);
  }
  const rng = mulberry32(s.seed ^ 0x5bd1e995);
  const order = CASES.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rng() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return new Set(order.slice(0, count));
}

/** Start time of each report, newest first: the BIST, the POST at the last boot, older boots. */
export function reportTimes(s: Scenario, runs: number): number[] {
  const times: number[] = [];
  let boot = s.bootMs + 20_000;
  for (let k = 0; k < runs; k += 1) {
    if (k === 0) times.push(bistStartMs(s));
    else if (k === 1) times.push(boot);
    else {
      boot -= Math.round((0.5 + 2.5 * hashUnit(s.seed, k, 8)) * 86_400) * 1000;
      times.push(boot);
    }
  }
  return times;
}

const FEATURES = ['AES256', 'TRANSEC', 'MULTIBEAM', 'HIGHTHROUGHPUT', 'MARITIME'];

export function overviewFiles(s: Scenario): { path: string; text: string }[] {
  const rng = mulberry32(s.seed ^ 0x1b873593);
  const drawn = FEATURES.map((code) => [code, code === 'AES256' || rng() < 0.5] as const);
  const enabled = s.enabledFeatures;
  const features = Object.fromEntries(
    enabled === undefined
      ? drawn.map(([code, on]) => [code, on ? 'enabled' : 'disabled'])
      : [...new Set([...FEATURES, ...enabled])]
          .sort()
          .map((code) => [code, enabled.includes(code) ? 'enabled' : 'disabled']),
  );
  const hex = (n: number) =>
    Array.from({ length: n }, (_, k) =>
      Math.floor(hashUnit(s.seed, k, 9) * 256)
        .toString(16)
        .padStart(2, '0'),
    ).join('');
  const issued = new Date(s.bootMs - 90 * 86_400_000).toISOString();
  const c = s.components;
  return [
    {
      path: 'overview/EntitlementsKap',
      text:
        `KAP/1 entitlements\nserial=${s.serial}\nissued=${issued}\n` +
        Object.entries(features)
          .map(([code, state]) => `feature.${code}=${state}\n`)
          .join('') +
        `signature=${hex(32)}\n`,
    },
    { path: 'overview/entitlements', text: `${JSON.stringify({ features }, null, 2)}\n` },
    {
      path: 'overview/ComponentInventoryKap',
      text:
        `KAP/1 inventory\n` +
        `component.antenna.serial=${c.antenna}\ncomponent.antenna.model=Aerie Ku-Flat 70\n` +
        `component.acu.serial=${c.acu}\ncomponent.acu.firmware=3.2.0\n` +
        `component.asm.serial=${c.asm}\ncomponent.asm.firmware=1.9.4\n` +
        `component.modem.serial=${c.modem}\ncomponent.modem.model=iQ Desktop+\n` +
        `component.buc.serial=${c.buc}\ncomponent.buc.power=8W\n` +
        `component.lnb.serial=${c.lnb}\ncomponent.lnb.lo=9.75GHz\n` +
        `signature=${hex(24)}\n`,
    },
    {
      path: 'overview/serial_numbers',
      text: `antenna=${c.antenna}\nacu=${c.acu}\nasm=${c.asm}\nmodem=${c.modem}\nbuc=${c.buc}\nlnb=${c.lnb}\n`,
    },
    { path: 'overview/Serial', text: `${s.serial}\n` },
    { path: 'overview/version', text: `${s.version}\n` },
  ];
}
