/** User-visible strings of feedback and support (spec 000 §2.8, §5, §8; kept verbatim). */
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
  supportTitle: 'Support',
  supportIntro: 'Need help? Contact customer support.',
  supportPhone: (phone: string) => `Phone (available 24/7): ${phone}`,
  supportEmail: (email: string) => `Email: ${email}`,
  supportTicketsSoon: 'Support tickets can be submitted here soon.',
} as const;
