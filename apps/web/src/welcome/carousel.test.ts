// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_INTERVAL_MS, carouselTexts, startCarousel, type Carousel } from './carousel';

function markup(slides: number): HTMLElement {
  const root = document.createElement('section');
  root.setAttribute('data-carousel', '');
  root.innerHTML = `
    <div class="carousel-slides" aria-live="off">
      ${Array.from(
        { length: slides },
        (_, i) =>
          `<figure class="slide${i === 0 ? ' is-active' : ''}"><img loading="lazy" alt="${i}"></figure>`,
      ).join('')}
    </div>
    <button data-carousel-rotation>Pause</button>
    <button data-carousel-previous>previous</button>
    <div data-carousel-dots></div>
    <button data-carousel-next>next</button>
    <a href="#x">inside</a>`;
  document.body.append(root);
  return root;
}

const activeIndex = (root: HTMLElement): number =>
  [...root.querySelectorAll('.slide')].findIndex((s) => s.classList.contains('is-active'));

let carousel: Carousel | undefined;
beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = '';
});
afterEach(() => {
  carousel?.destroy();
  vi.useRealTimers();
});

describe('the welcome page carousel', () => {
  it('moves on every 5 seconds (spec 002: about 4.9 to 5.1 s) and wraps around', () => {
    const root = markup(3);
    carousel = startCarousel(root);
    expect(CAROUSEL_INTERVAL_MS).toBeGreaterThanOrEqual(4900);
    expect(CAROUSEL_INTERVAL_MS).toBeLessThanOrEqual(5100);
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS - 1);
    expect(activeIndex(root)).toBe(0);
    vi.advanceTimersByTime(1);
    expect(activeIndex(root)).toBe(1);
    vi.advanceTimersByTime(2 * CAROUSEL_INTERVAL_MS);
    expect(activeIndex(root)).toBe(0);
    // Only the shown slide is active; rotating slides are not announced.
    expect(root.querySelectorAll('.slide.is-active')).toHaveLength(1);
    expect(root.querySelector('.carousel-slides')?.getAttribute('aria-live')).toBe('off');
  });

  it('waits while the pointer is over it and goes on when it leaves', () => {
    const root = markup(3);
    carousel = startCarousel(root);
    root.dispatchEvent(new MouseEvent('mouseenter'));
    vi.advanceTimersByTime(3 * CAROUSEL_INTERVAL_MS);
    expect(activeIndex(root)).toBe(0);
    expect(root.querySelector('.carousel-slides')?.getAttribute('aria-live')).toBe('polite');
    root.dispatchEvent(new MouseEvent('mouseleave'));
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS);
    expect(activeIndex(root)).toBe(1);
  });

  it('waits while keyboard focus is inside', () => {
    const root = markup(3);
    carousel = startCarousel(root);
    root.querySelector<HTMLAnchorElement>('a')?.focus();
    vi.advanceTimersByTime(3 * CAROUSEL_INTERVAL_MS);
    expect(activeIndex(root)).toBe(0);
    root.querySelector<HTMLAnchorElement>('a')?.blur();
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS);
    expect(activeIndex(root)).toBe(1);
  });

  it('does not rotate for reduced motion; the rotation button starts and stops it', () => {
    const root = markup(3);
    carousel = startCarousel(root, { reducedMotion: true });
    const rotation = root.querySelector<HTMLButtonElement>('[data-carousel-rotation]');
    expect(rotation?.textContent).toBe(carouselTexts.play);
    vi.advanceTimersByTime(3 * CAROUSEL_INTERVAL_MS);
    expect(activeIndex(root)).toBe(0);
    rotation?.click();
    expect(rotation?.textContent).toBe(carouselTexts.pause);
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS);
    expect(activeIndex(root)).toBe(1);
    rotation?.click();
    expect(rotation?.textContent).toBe(carouselTexts.play);
    vi.advanceTimersByTime(3 * CAROUSEL_INTERVAL_MS);
    expect(activeIndex(root)).toBe(1);
  });

  it('steps with previous, next and one labelled button per slide', () => {
    const root = markup(4);
    carousel = startCarousel(root, { reducedMotion: true });
    const dots = root.querySelectorAll<HTMLButtonElement>('[data-carousel-dots] button');
    expect([...dots].map((d) => d.getAttribute('aria-label'))).toEqual([
      'Show slide 1 of 4',
      'Show slide 2 of 4',
      'Show slide 3 of 4',
      'Show slide 4 of 4',
    ]);
    root.querySelector<HTMLButtonElement>('[data-carousel-previous]')?.click();
    expect(activeIndex(root)).toBe(3);
    root.querySelector<HTMLButtonElement>('[data-carousel-next]')?.click();
    expect(activeIndex(root)).toBe(0);
    dots[2]?.click();
    expect(activeIndex(root)).toBe(2);
    expect(dots[2]?.getAttribute('aria-current')).toBe('true');
    expect(dots[0]?.hasAttribute('aria-current')).toBe(false);
  });

  it("fetches the next slide's picture ahead of its turn", () => {
    const root = markup(3);
    carousel = startCarousel(root);
    const images = root.querySelectorAll('img');
    expect(images[1]?.getAttribute('loading')).toBe('eager');
    expect(images[2]?.getAttribute('loading')).toBe('lazy');
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS);
    expect(images[2]?.getAttribute('loading')).toBe('eager');
  });

  it('a single slide neither rotates nor offers the rotation button', () => {
    const root = markup(1);
    carousel = startCarousel(root);
    expect(root.querySelector<HTMLButtonElement>('[data-carousel-rotation]')?.hidden).toBe(true);
    expect(carousel.rotating).toBe(false);
  });
});
