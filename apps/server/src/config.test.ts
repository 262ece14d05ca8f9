import { describe, expect, it } from 'vitest';
import { DIAGNOSTICS_LIMITS } from '@aerie/contract';
import { parseConfig } from './config.js';

describe('parseConfig', () => {
  it('gives the documented defaults', () => {
    const c = parseConfig({});
    expect(c.port).toBe(8080);
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.brand).toBe('Aerie');
    expect(c.databaseUrl).toBeNull();
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.identity).toMatchObject({ mode: 'embedded', issuer: 'http://localhost:8080/auth' });
    expect(c.demo).toBe(true);
  });

  it('limits each caller by default (docs/security.md), and reads the limits from the environment', () => {
    expect(parseConfig({}).limits).toEqual({
      writesPerMinute: 120,
      feedPerMinute: 30,
      ingestPerMinute: 600,
      heavyPerCaller: 2,
    });
    expect(
      parseConfig({ WRITE_RATE_LIMIT_PER_MINUTE: '10', HEAVY_CALLS_PER_USER: '4' }).limits,
    ).toMatchObject({ writesPerMinute: 10, heavyPerCaller: 4 });
    expect(() => parseConfig({ HEAVY_CALLS_PER_USER: '0' })).toThrow(/HEAVY_CALLS_PER_USER/);
  });

  it('keeps browser telemetry 30 days and error reports 90, with caps per user', () => {
    expect(parseConfig({}).feedRetention).toEqual({
      telemetryDays: 30,
      errorReportDays: 90,
      telemetryEventsPerUser: 10_000,
      errorReportsPerUser: 1_000,
    });
  });

  it('creates no demo data in production unless DEMO=1', () => {
    expect(parseConfig({ NODE_ENV: 'production' }).demo).toBe(false);
    expect(parseConfig({ NODE_ENV: 'production', DEMO: '1' }).demo).toBe(true);
    expect(parseConfig({ DEMO: '0' }).demo).toBe(false);
  });

  it('switches to an external issuer with OIDC_ISSUER', () => {
    const c = parseConfig({ OIDC_ISSUER: 'https://id.example.com/', OIDC_AUDIENCE: 'aerie' });
    expect(c.identity).toMatchObject({
      mode: 'external',
      issuer: 'https://id.example.com',
      audience: 'aerie',
    });
  });

  it('reads TRUST_PROXY as none, every hop, a number of proxies, or their addresses', () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      '::1',
    ]);
    expect(() => parseConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  it('lists every invalid variable at once', () => {
    expect(() =>
      parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'not a url' }),
    ).toThrow(/PORT[\s\S]*PUBLIC_URL[\s\S]*DATABASE_URL|PORT[\s\S]*DATABASE_URL/);
  });

  it('reads DIAGNOSTICS_KEYRING as kdp keyring text, the first key current; none: null (generated)', () => {
    expect(parseConfig({}).diagnostics.keyring).toBeNull();
    const key = Buffer.alloc(32, 7).toString('base64');
    const older = Buffer.alloc(32, 9).toString('base64');
    const { keyring, currentKeyId } = parseConfig({
      DIAGNOSTICS_KEYRING: `2026-01:${key}\n# retired soon\n2025-07:${older}`,
    }).diagnostics.keyring!;
    expect(currentKeyId).toBe('2026-01');
    expect(Object.keys(keyring)).toEqual(['2026-01', '2025-07']);
    expect(keyring['2026-01']).toEqual(Buffer.alloc(32, 7));
  });

  it('refuses an invalid DIAGNOSTICS_KEYRING at start, naming the entry but never its key', () => {
    const short = Buffer.alloc(16, 1).toString('base64');
    let message = '';
    try {
      parseConfig({ DIAGNOSTICS_KEYRING: `a:${Buffer.alloc(32).toString('base64')},b:${short}` });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/DIAGNOSTICS_KEYRING: Keyring entry 2 \("b"\)/);
    expect(message).not.toContain(short);
    expect(() => parseConfig({ DIAGNOSTICS_KEYRING: 'no-colon' })).toThrow(/DIAGNOSTICS_KEYRING/);
  });

  it("limits diagnostic uploads to the spec's 500MB, and lets tests lower it, never raise it", () => {
    expect(DIAGNOSTICS_LIMITS.maxFileBytes).toBe(5e8);
    expect(parseConfig({}).diagnostics.maxFileBytes).toBe(500_000_000);
    expect(parseConfig({ DIAGNOSTICS_MAX_FILE_BYTES: '1024' }).diagnostics.maxFileBytes).toBe(1024);
    expect(() => parseConfig({ DIAGNOSTICS_MAX_FILE_BYTES: '500000001' })).toThrow(
      /DIAGNOSTICS_MAX_FILE_BYTES/,
    );
  });
});
