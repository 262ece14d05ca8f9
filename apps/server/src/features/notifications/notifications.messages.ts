/** User-visible texts of the notifications feature (CONVENTIONS §14). */
export const NOTIFICATION_MESSAGES = {
  testLabel: 'This is a test notification.',
  testRateLimited: 'Too many test notifications. Please try again in a minute.',
  tooManyStreams: 'Too many open notification streams for this user.',
} as const;
