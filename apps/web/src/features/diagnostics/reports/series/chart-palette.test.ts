import { describe, expect, it } from 'vitest';
import { escapeHtml } from './chart-palette';

describe('escapeHtml', () => {
  it('turns markup in a name from a file into text for a tooltip', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')">&`)).toBe(
      '&#60;img src=x onerror=&#34;alert(&#39;1&#39;)&#34;&#62;&#38;',
    );
  });
});
