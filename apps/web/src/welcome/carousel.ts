/**
 * The welcome page's carousels (spec 002 "Landing page": intervals of about 5 s), after the
 * WAI-ARIA carousel pattern: a rotation button first, previous/next and one button per slide;
 * rotation pauses while the pointer or keyboard focus is inside and stays off for people who
 * ask for reduced motion; slides are announced only when rotation is off.
 *
 * Markup: `[data-carousel]` holding `.carousel-slides > .slide` (one `.is-active`),
 * `[data-carousel-rotation]`, `[data-carousel-previous]`, `[data-carousel-next]` and an empty
 * `[data-carousel-dots]`.
 */

/** The spec's "about 4.9 to 5.1 seconds". */
export const CAROUSEL_INTERVAL_MS = 5000;

export const carouselTexts = {
  pause: 'Pause slides',
  play: 'Play slides',
  showSlide: (n: number, total: number) => `Show slide ${n} of ${total}`,
} as const;

export interface CarouselOptions {
  intervalMs?: number;
  /** Starts without rotating (prefers-reduced-motion). */
  reducedMotion?: boolean;
}

export interface Carousel {
  readonly index: number;
  readonly rotating: boolean;
  show(index: number): void;
  /** The user's choice with the rotation button. */
  setRotation(on: boolean): void;
  destroy(): void;
}

export function startCarousel(root: HTMLElement, options: CarouselOptions = {}): Carousel {
  const intervalMs = options.intervalMs ?? CAROUSEL_INTERVAL_MS;
  const slides = [...root.querySelectorAll<HTMLElement>('.slide')];
  const live = root.querySelector<HTMLElement>('.carousel-slides');
  const rotationButton = root.querySelector<HTMLButtonElement>('[data-carousel-rotation]');
  const dotsHost = root.querySelector<HTMLElement>('[data-carousel-dots]');
  const listeners: [EventTarget, string, EventListener][] = [];
  const listen = (target: EventTarget, type: string, listener: EventListener): void => {
    target.addEventListener(type, listener);
    listeners.push([target, type, listener]);
  };

  let index = Math.max(
    0,
    slides.findIndex((slide) => slide.classList.contains('is-active')),
  );
  /** The user's choice (the rotation button); reduced motion starts with it off. */
  let rotationOn = !options.reducedMotion && slides.length > 1;
  /** Pointer or focus inside: rotation waits without changing the user's choice. */
  let hovered = false;
  let focused = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const dots = slides.map((_, i) => {
    const dot = document.createElement('button');
    dot.type = 'button';
    dot.className = 'carousel-dot';
    dot.setAttribute('aria-label', carouselTexts.showSlide(i + 1, slides.length));
    listen(dot, 'click', () => show(i));
    dotsHost?.append(dot);
    return dot;
  });

  const rotating = (): boolean =>
    rotationOn && !hovered && !focused && document.visibilityState !== 'hidden';

  function schedule(): void {
    clearTimeout(timer);
    timer = undefined;
    if (live) live.setAttribute('aria-live', rotating() ? 'off' : 'polite');
    if (rotating()) timer = setTimeout(() => show(index + 1), intervalMs);
  }

  function render(): void {
    slides.forEach((slide, i) => slide.classList.toggle('is-active', i === index));
    dots.forEach((dot, i) => {
      if (i === index) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    });
    // The next slide's picture downloads now, so it is there when its turn comes.
    const next = slides[(index + 1) % slides.length];
    next
      ?.querySelectorAll('img[loading="lazy"]')
      .forEach((img) => img.setAttribute('loading', 'eager'));
    if (rotationButton) {
      rotationButton.textContent = rotationOn ? carouselTexts.pause : carouselTexts.play;
    }
  }

  function show(target: number): void {
    if (slides.length === 0) return;
    index = ((target % slides.length) + slides.length) % slides.length;
    root.classList.add('has-moved');
    render();
    schedule();
  }

  function setRotation(on: boolean): void {
    rotationOn = on && slides.length > 1;
    render();
    schedule();
  }

  if (rotationButton) {
    if (slides.length < 2) rotationButton.hidden = true;
    listen(rotationButton, 'click', () => setRotation(!rotationOn));
  }
  const previous = root.querySelector('[data-carousel-previous]');
  const next = root.querySelector('[data-carousel-next]');
  if (previous) listen(previous, 'click', () => show(index - 1));
  if (next) listen(next, 'click', () => show(index + 1));
  listen(root, 'mouseenter', () => {
    hovered = true;
    schedule();
  });
  listen(root, 'mouseleave', () => {
    hovered = false;
    schedule();
  });
  listen(root, 'focusin', () => {
    focused = true;
    schedule();
  });
  listen(root, 'focusout', (event) => {
    const to = (event as FocusEvent).relatedTarget;
    if (to instanceof Node && root.contains(to)) return;
    focused = false;
    schedule();
  });
  listen(document, 'visibilitychange', () => schedule());

  root.classList.add('is-ready');
  render();
  schedule();

  return {
    get index() {
      return index;
    },
    get rotating() {
      return rotating();
    },
    show,
    setRotation,
    destroy() {
      clearTimeout(timer);
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
    },
  };
}
