/** User-visible strings of the cross-cutting client code (spec 000 §2.5, §8; kept verbatim). */
export const libMessages = {
  unexpectedError: 'An unexpected error occurred. Customer support has been notified.',
  detailedErrorTitle: 'Unexpected error',
  loggedOut: "You've been logged out due to inactivity or network connectivity interruption",
  logIn: 'Log In',
  shouldLogInAgain: 'The session is no longer valid: the user should log in again.',
} as const;
