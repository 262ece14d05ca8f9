/**
 * Browser APIs that jsdom lacks and the app's components read (Mantine, the map card).
 * Installed for every jsdom test file by the unit projects' setup file (setup.ts), so a file
 * sees the same window whichever files ran before it in the same worker. Idempotent.
 */
export function installJsdomShims(): void {
  if (typeof window === 'undefined') return;
  if (!window.matchMedia) {
    window.matchMedia = (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    });
  }
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub, writable: true });
  }
  // The fleet map's first view captures the pointer of a drag.
  if (!('setPointerCapture' in Element.prototype)) {
    Object.assign(Element.prototype, {
      setPointerCapture: () => undefined,
      releasePointerCapture: () => undefined,
      hasPointerCapture: () => false,
    });
  }
  // Mantine's Select scrolls its options into view.
  Element.prototype.scrollIntoView = () => undefined;
  // No WebGL or 2D canvas: the map card shows 'Map not available.' (and jsdom logs nothing).
  HTMLCanvasElement.prototype.getContext = () => null;
}
