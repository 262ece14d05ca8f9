import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';

export interface WhenVisibleProps {
  /** What renders once the place is near the viewport (e.g. a lazy map). */
  children: ReactNode;
  /** Holds the place until then, at the size the children will take. */
  placeholder: ReactNode;
  /** How near the viewport counts as visible (CSS margin). */
  rootMargin?: string;
}

/**
 * Renders its children only when their place comes near the viewport, once the browser is
 * idle: a heavy part below the fold (the location map and its WebGL context) costs nothing
 * until the user scrolls to it, and never delays the first screen (issue 13). Without
 * IntersectionObserver it renders at once.
 */
export function WhenVisible({ children, placeholder, rootMargin = '200px' }: WhenVisibleProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (visible || !element) return;
    let idle: number | undefined;
    const show = (): void => startTransition(() => setVisible(true));
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        idle =
          typeof requestIdleCallback === 'function'
            ? requestIdleCallback(show, { timeout: 1000 })
            : window.setTimeout(show, 0);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (idle === undefined) return;
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [visible, rootMargin]);

  if (visible) return children;
  return <div ref={ref}>{placeholder}</div>;
}
