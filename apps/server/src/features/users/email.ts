/** The longest login email accepted (RFC 5321 limits a path to 256 octets with its brackets). */
export const MAX_EMAIL_LENGTH = 254;

// Printable ASCII without space, an "@" with something on both sides.
const ASCII_EMAIL = /^[\x21-\x3f\x41-\x7e]+@[\x21-\x3f\x41-\x7e]+$/;

/**
 * The one form of an email address as a login name: what users are stored under, looked up by
 * and throttled by. NFKC (so full-width "ｌiam" is "liam"), trimmed, ASCII only, lower-cased;
 * null when the input cannot be a login name (then no user has it).
 *
 * NOTE: non-ASCII addresses are refused rather than case-folded: JavaScript and PostgreSQL fold
 * some letters differently ("İ", U+0130, is "i̇" in JavaScript and "i" in PostgreSQL), and
 * look-alike letters from other scripts would give one person several names. Folding happens
 * here only; SQL compares the stored form with `=` (docs/security.md).
 */
export function normalizeEmail(input: string): string | null {
  const folded = input.normalize('NFKC').trim();
  if (folded.length > MAX_EMAIL_LENGTH || !ASCII_EMAIL.test(folded)) return null;
  return folded.toLowerCase();
}
