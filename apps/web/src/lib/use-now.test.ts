// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './use-now';

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z') }));
afterEach(() => vi.useRealTimers());

describe('useNow', () => {
  it('renews the time every interval, so relative times tick', () => {
    const { result } = renderHook(() => useNow(30_000));
    expect(result.current.toISOString()).toBe('2026-11-26T12:00:00.000Z');
    act(() => {
      vi.advanceTimersByTime(29_999);
    });
    expect(result.current.toISOString()).toBe('2026-11-26T12:00:00.000Z');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.toISOString()).toBe('2026-11-26T12:00:30.000Z');
  });
});
