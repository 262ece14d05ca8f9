import { describe, expect, it } from 'vitest';
import { formatTimeAgo } from './dates';

describe('formatTimeAgo', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (seconds: number): string => formatTimeAgo(now.getTime() - seconds * 1000, now);

  it('words short distances as the app always has', () => {
    expect(ago(0)).toBe('less than a minute ago');
    expect(ago(29)).toBe('less than a minute ago');
    expect(ago(30)).toBe('1 minute ago');
    expect(ago(89)).toBe('1 minute ago');
    expect(ago(90)).toBe('2 minutes ago');
    expect(ago(44 * 60)).toBe('44 minutes ago');
    expect(ago(45 * 60)).toBe('about 1 hour ago');
    expect(ago(3 * 3600)).toBe('about 3 hours ago');
  });

  it('words days, months and years', () => {
    expect(ago(30 * 3600)).toBe('1 day ago');
    expect(ago(5 * 86400)).toBe('5 days ago');
    expect(ago(40 * 86400)).toBe('about 1 month ago');
    expect(ago(120 * 86400)).toBe('4 months ago');
    expect(ago(400 * 86400)).toBe('about 1 year ago');
    expect(ago(3 * 365 * 86400)).toBe('3 years ago');
  });
});
