import { Component, useState, type ReactNode } from 'react';

/** A failed map chunk or map start shows its fallback ('Map not available.') instead of breaking the page. */
export class MapBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * Its children (the map) when the browser can draw a map, else `fallback`. The check (a WebGL
 * context, 18 ms on this machine, 70 ms on a phone) runs once the map is about to be drawn,
 * not in the card's first render (issue 13, blocking time of the device page).
 */
export function WhenMapDrawable({
  canDrawMap,
  fallback,
  children,
}: {
  canDrawMap: () => boolean;
  fallback: ReactNode;
  children: ReactNode;
}) {
  const [drawable] = useState(canDrawMap);
  return drawable ? children : fallback;
}
