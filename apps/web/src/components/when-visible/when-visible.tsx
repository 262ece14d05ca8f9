import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { afterQuiet } from './after-quiet';

/** However busy the page stays, a quiet wait ends after this long. */
const MAX_QUIET_WAIT_MS = 15_000;

export interface WhenVisibleProps {
  /** What renders once the place is near the viewport (e.g. a lazy map). */
  children: ReactNode;
  /** Holds the place until then, at the size the children will take. */
  placeholder: ReactNode;
  /** How near the viewport counts as visible (CSS margin). */
  rootMargin?: string;
  /**
   * Once near the viewport, wait until the page has been quiet this long (no long task) before
   * rendering, instead of the next idle moment: for a part whose start is a long task itself
   * (the map's WebGL context), so that it never competes with the page's first load.
   */
  quietMs?: number;
  /** With `quietMs`: the page is still busy (e.g. requests in flight), which is not quiet. */
  isBusy?: () => boolean;
  /**
   * Pointing at, touching or focusing the placeholder renders the children at once (default);
   * false for a placeholder the user works with until the children are ready (the fleet map's
   * first view).
   */
  revealOnInteraction?: boolean;
  /** The placeholder's wrapper's class (e.g. to grow like the children will). */
  className?: string | undefined;
}

/**
 * Renders its children only when their place comes near the viewport, once the browser is
 * idle (or quiet for `quietMs`): a heavy part below the fold (the location map and its WebGL
 * context) costs nothing until the user scrolls to it, and never delays the first screen
 * (issue 13). Pointing at or touching the placeholder, or focusing into it, renders at once
 * unless `revealOnInteraction` is false.
 * Without IntersectionObserver it renders at once.
 */
export function WhenVisible({
  children,
  placeholder,
  rootMargin = '200px',
  quietMs,
  isBusy,
  revealOnInteraction = true,
  className,
}: WhenVisibleProps) {
  const ref = useRef<HTMLDivElement>(null);
  const busy = useRef(isBusy);
  busy.current = isBusy;
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  const show = (): void => startTransition(() => setVisible(true));

  useEffect(() => {
    const element = ref.current;
    if (visible || !element) return;
    let cancel: (() => void) | undefined;
    const reveal = (): void => startTransition(() => setVisible(true));
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        cancel =
          quietMs !== undefined
            ? afterQuiet(reveal, quietMs, MAX_QUIET_WAIT_MS, () => busy.current?.() ?? false)
            : whenIdle(reveal);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancel?.();
    };
  }, [visible, rootMargin, quietMs]);

  if (visible) return children;
  const reveal = revealOnInteraction
    ? { onPointerEnter: show, onPointerDown: show, onFocus: show }
    : {};
  return (
    <div ref={ref} className={className} {...reveal}>
      {placeholder}
    </div>
  );
}

/** The next idle moment (1 s at most); returns a cancel. */
function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: 1000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(callback, 0);
  return () => window.clearTimeout(timer);
}
