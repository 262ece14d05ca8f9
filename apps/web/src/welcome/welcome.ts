import './welcome.css';
import { startCarousel } from './carousel';

/**
 * The welcome page's script (welcome.html): the carousels. The page is whole without it; the
 * slides then show one after the other (see welcome.css).
 */
const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
const carousels = [...document.querySelectorAll<HTMLElement>('[data-carousel]')].map((root) =>
  startCarousel(root, { reducedMotion: reducedMotion.matches }),
);
// Asking for reduced motion while the page is open stops the slides too.
reducedMotion.addEventListener('change', (event) => {
  if (event.matches) for (const carousel of carousels) carousel.setRotation(false);
});
