// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenVisible } from './when-visible';

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;

/** An IntersectionObserver the test tells when the place is near the viewport. */
function stubIntersectionObserver(disconnect: () => void = () => undefined) {
  let notify: Callback = () => undefined;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: Callback) {
        notify = callback;
      }
      observe() {}
      disconnect = disconnect;
    },
  );
  return { notify: (entries: Array<{ isIntersecting: boolean }>) => notify(entries) };
}

describe('WhenVisible', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('renders at once without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenVisible placeholder={<p>waiting</p>}>
        <span>shown</span>
      </WhenVisible>,
    );
    expect(screen.getByText('shown')).toBeTruthy();
  });

  it('holds the placeholder until the place is near the viewport, then renders when idle', async () => {
    const disconnect = vi.fn();
    const { notify } = stubIntersectionObserver(disconnect);
    let idle: () => void = () => undefined;
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
      idle = callback;
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    render(
      <WhenVisible placeholder={<p>waiting</p>}>
        <span>shown</span>
      </WhenVisible>,
    );
    expect(screen.getByText('waiting')).toBeTruthy();

    act(() => notify([{ isIntersecting: false }]));
    act(() => idle());
    expect(screen.queryByText('shown')).toBeNull();

    act(() => notify([{ isIntersecting: true }]));
    expect(disconnect).toHaveBeenCalled();
    expect(screen.queryByText('shown')).toBeNull();
    await act(async () => idle());
    expect(screen.getByText('shown')).toBeTruthy();
  });

  it('with a quiet time, waits for a quiet page, or renders at once when pointed at', async () => {
    const { notify } = stubIntersectionObserver();
    const idle = vi.fn(() => 1);
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    render(
      <WhenVisible placeholder={<p>waiting</p>} quietMs={2000}>
        <span>shown</span>
      </WhenVisible>,
    );
    act(() => notify([{ isIntersecting: true }]));
    expect(idle).toHaveBeenCalled();
    expect(screen.queryByText('shown')).toBeNull();
    await act(async () => fireEvent.pointerEnter(screen.getByText('waiting')));
    expect(screen.getByText('shown')).toBeTruthy();
  });

  it('without reveal on interaction, pointing, touching or focusing does not render it early', async () => {
    const { notify } = stubIntersectionObserver();
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn(() => 1),
    );
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    render(
      <WhenVisible
        placeholder={<button type="button">waiting</button>}
        quietMs={2000}
        revealOnInteraction={false}
      >
        <span>shown</span>
      </WhenVisible>,
    );
    act(() => notify([{ isIntersecting: true }]));
    const placeholder = screen.getByText('waiting');
    await act(async () => {
      fireEvent.pointerEnter(placeholder);
      fireEvent.pointerDown(placeholder);
      fireEvent.focus(placeholder);
    });
    expect(screen.queryByText('shown')).toBeNull();
  });

  it('with a quiet time, is not quiet while the caller says the page is busy', async () => {
    const { notify } = stubIntersectionObserver();
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    let pending: IdleRequestCallback | null = null;
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
      pending = callback;
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const idleAt = (at: number) => {
      now = at;
      const callback = pending;
      pending = null;
      callback?.({ didTimeout: false, timeRemaining: () => 50 });
    };
    let busy = true;
    render(
      <WhenVisible placeholder={<p>waiting</p>} quietMs={200} isBusy={() => busy}>
        <span>shown</span>
      </WhenVisible>,
    );
    act(() => notify([{ isIntersecting: true }]));
    for (let t = 50; t <= 1000; t += 50) act(() => idleAt(t));
    expect(screen.queryByText('shown')).toBeNull();
    busy = false;
    for (let t = 1050; t <= 1250; t += 50) await act(async () => idleAt(t));
    expect(screen.getByText('shown')).toBeTruthy();
    vi.restoreAllMocks();
  });
});
