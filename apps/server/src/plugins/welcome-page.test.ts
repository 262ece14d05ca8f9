import { describe, expect, it } from 'vitest';
import { escapeHtml, pickEncoding } from './welcome-page.js';

describe('the welcome page delivery', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5', 'gzip'],
    ['identity', null],
    ['', null],
    [undefined, null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['GZIP', 'gzip'],
  ] as const)('Accept-Encoding %j answers %j', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });

  it('escapes the brand for HTML text and attributes', () => {
    expect(escapeHtml(`Sky & "Sea" <co>'s`)).toBe('Sky &amp; &quot;Sea&quot; &lt;co&gt;&#39;s');
  });
});
