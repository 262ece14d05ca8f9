import { describe, expect, it } from 'vitest';
import { MAX_EMAIL_LENGTH, normalizeEmail } from './email.js';

describe('normalizeEmail', () => {
  it('lower-cases and trims an ASCII address', () => {
    expect(normalizeEmail('  Liam.Brooks@Northwind.EXAMPLE ')).toBe(
      'liam.brooks@northwind.example',
    );
  });

  it('maps compatibility forms to ASCII first (full-width letters, the Kelvin sign)', () => {
    expect(normalizeEmail('ｌiam.brooks＠northwind.example')).toBe('liam.brooks@northwind.example');
    expect(normalizeEmail('\u212Aate@example.com')).toBe('kate@example.com');
  });

  it('refuses letters that JavaScript and PostgreSQL fold differently, and other scripts', () => {
    // "İ" lower-cases to "i" + U+0307 in JavaScript and to "i" in PostgreSQL.
    expect(normalizeEmail('lİam.brooks@northwind.example')).toBeNull();
    expect(normalizeEmail('lıam.brooks@northwind.example')).toBeNull();
    // Cyrillic "а" looks like Latin "a".
    expect(normalizeEmail('hаnnah@northwind.example')).toBeNull();
  });

  it('refuses what cannot be an address', () => {
    for (const input of ['', '   ', 'no-at-sign', '@example.com', 'a@', 'a b@example.com', 'a@@b'])
      expect(normalizeEmail(input)).toBeNull();
    const local = 'a'.repeat(MAX_EMAIL_LENGTH - '@example.com'.length);
    expect(normalizeEmail(`${local}@example.com`)).not.toBeNull();
    expect(normalizeEmail(`${local}a@example.com`)).toBeNull();
  });
});
