import { describe, expect, it } from 'vitest';
import { createKnownBrowsers, KNOWN_BROWSER_COOKIE } from './known-browsers.js';

const USER = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const NOW = Date.parse('2026-11-24T10:00:00Z');

function cookieHeader(setCookie: string): string {
  return `other=1; ${setCookie.split(';')[0]!}`;
}

describe('known browsers', () => {
  it('vouches for the user it was issued to, only under /auth, never to scripts', () => {
    const browsers = createKnownBrowsers('key-1', true, () => NOW);
    const setCookie = browsers.cookieFor(USER);
    expect(setCookie).toMatch(new RegExp(`^${KNOWN_BROWSER_COOKIE}=`));
    expect(setCookie).toContain('Path=/auth');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Secure');
    expect(browsers.userOf(cookieHeader(setCookie))).toBe(USER);
    expect(createKnownBrowsers('key-1', false).cookieFor(USER)).not.toContain('Secure');
  });

  it('refuses a cookie signed with another key, altered, expired or missing', () => {
    const setCookie = createKnownBrowsers('key-1', true, () => NOW).cookieFor(USER);
    expect(createKnownBrowsers('key-2', true, () => NOW).userOf(cookieHeader(setCookie))).toBe(
      null,
    );
    const browsers = createKnownBrowsers('key-1', true, () => NOW);
    const other = cookieHeader(setCookie).replace(USER, USER.replace('6f1c', '7f1c'));
    expect(browsers.userOf(other)).toBeNull();
    const later = createKnownBrowsers('key-1', true, () => NOW + 91 * 24 * 3600_000);
    expect(later.userOf(cookieHeader(setCookie))).toBeNull();
    expect(browsers.userOf(undefined)).toBeNull();
    expect(browsers.userOf(`${KNOWN_BROWSER_COOKIE}=garbage`)).toBeNull();
  });
});
