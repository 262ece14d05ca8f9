// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DetailPaneShownContext, useDetailPaneShown } from '../../lib/detail-pane-shown';
import { PAGE_WAIT_MS, usePageAfterPane } from './page-after-pane';

/** The detail pane layer in small: the page, and the pane's content with the signal. */
function Layer({
  paneOpen,
  covers = false,
  children,
}: {
  paneOpen: boolean;
  /** The pane covers the page (full width, or a narrow screen). */
  covers?: boolean;
  children?: ReactNode;
}) {
  const { showPage, signal } = usePageAfterPane(paneOpen, paneOpen && covers);
  return (
    <>
      {showPage ? <p>the list</p> : null}
      {paneOpen ? <DetailPaneShownContext value={signal}>{children}</DetailPaneShownContext> : null}
    </>
  );
}

function Item({ loaded }: { loaded: boolean }) {
  useDetailPaneShown(loaded);
  return <p>{loaded ? 'the device' : 'loading'}</p>;
}

const list = () => screen.queryByText('the list');

describe('usePageAfterPane: a directly opened pane renders before the page under it', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
      window.setTimeout(() => callback(0), 16),
    );
    vi.stubGlobal('cancelAnimationFrame', (handle: number) => window.clearTimeout(handle));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('renders the page at once when no pane is open', () => {
    render(<Layer paneOpen={false} />);
    expect(list()).not.toBeNull();
  });

  it('renders the page once the pane has painted its item', async () => {
    const { rerender } = render(
      <Layer paneOpen>
        <Item loaded={false} />
      </Layer>,
    );
    await act(async () => vi.advanceTimersByTimeAsync(PAGE_WAIT_MS - 100));
    expect(list()).toBeNull();
    rerender(
      <Layer paneOpen>
        <Item loaded />
      </Layer>,
    );
    expect(list()).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(20));
    expect(list()).not.toBeNull();
  });

  it('renders the page after PAGE_WAIT_MS when the item does not arrive', async () => {
    render(
      <Layer paneOpen>
        <Item loaded={false} />
      </Layer>,
    );
    await act(async () => vi.advanceTimersByTimeAsync(PAGE_WAIT_MS - 1));
    expect(list()).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(list()).not.toBeNull();
  });

  it("renders the page after the pane's first paint when its content says nothing", async () => {
    render(
      <Layer paneOpen>
        <p>a placeholder</p>
      </Layer>,
    );
    expect(list()).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(20));
    expect(list()).not.toBeNull();
  });

  it('renders the page at once when the pane closes, and keeps it when a pane opens again', async () => {
    const { rerender } = render(
      <Layer paneOpen>
        <Item loaded={false} />
      </Layer>,
    );
    expect(list()).toBeNull();
    rerender(<Layer paneOpen={false} />);
    expect(list()).not.toBeNull();
    rerender(
      <Layer paneOpen>
        <Item loaded={false} />
      </Layer>,
    );
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(list()).not.toBeNull();
  });

  it('leaves a covered page unrendered until the pane stops covering it or closes', async () => {
    const { rerender } = render(
      <Layer paneOpen covers>
        <Item loaded />
      </Layer>,
    );
    await act(async () => vi.advanceTimersByTimeAsync(10 * PAGE_WAIT_MS));
    expect(list()).toBeNull();
    // The pane turns compact (a setting, or a wider window): the page follows beside it.
    rerender(
      <Layer paneOpen>
        <Item loaded />
      </Layer>,
    );
    await act(async () => vi.advanceTimersByTimeAsync(20));
    expect(list()).not.toBeNull();

    cleanup();
    const covered = render(
      <Layer paneOpen covers>
        <Item loaded />
      </Layer>,
    );
    await act(async () => vi.advanceTimersByTimeAsync(10 * PAGE_WAIT_MS));
    expect(list()).toBeNull();
    covered.rerender(<Layer paneOpen={false} />);
    expect(list()).not.toBeNull();
  });
});
