import { Component, type ReactNode } from 'react';

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
