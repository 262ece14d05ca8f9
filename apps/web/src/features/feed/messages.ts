/** User-visible strings of feedback (spec 000 §2.8, §5, §8; kept verbatim). */
export const feedMessages = {
  feedbackTitle: 'Feedback',
  mood: 'How do you feel about the portal?',
  moods: { happy: 'Happy', meh: 'Meh', sad: 'Sad' },
  feedbackLabel: 'Your feedback',
  feedbackRequired: 'Feedback text is required.',
  characters: (used: number, max: number) => `${used}/${max} characters`,
  submit: 'Submit',
  thanks: 'Thanks for submitting feedback!',
  feedbackFailed: 'Your feedback could not be sent. Please try again.',
} as const;
