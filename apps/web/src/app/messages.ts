/** User-visible strings of the application shell (spec 000; kept verbatim). */
export const shellMessages = {
  loadError: 'There was an error loading the application.',
  loading: 'Loading',
  notFoundTitle: 'Page not found',
  notFoundText: 'The page you are looking for does not exist or has moved.',
  backHome: 'Go to home',
  tryAgain: 'Try again',
  skipToContent: 'Skip to main content',
  mainNavigation: 'Main navigation',
  toggleNavigation: 'Toggle navigation',
  home: 'Home',
} as const;
