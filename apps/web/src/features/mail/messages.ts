/** User-visible strings of the outbox page (decision 033). */
export const mailMessages = {
  title: 'Outbox',
  intro:
    'Mail the portal sent or keeps, newest first: tickets, invitations and quotes, with their delivery state.',
  label: 'Mail',
  columns: {
    created: 'Queued',
    to: 'To',
    subject: 'Subject',
    kind: 'Kind',
    status: 'Status',
    attempts: 'Attempts',
  },
  statuses: { queued: 'Queued', sent: 'Sent', stored: 'In the outbox', failed: 'Failed' },
  none: 'No mail yet.',
  failed: 'The mail could not be loaded.',
  message: (subject: string) => `Message: ${subject}`,
  from: 'From',
  replyTo: 'Reply-To',
  lastError: 'Last error',
  delivered: 'Delivered',
  page: 'Mail page',
  count: (n: number) => (n === 1 ? '1 message' : `${n.toLocaleString('en-US')} messages`),
} as const;
