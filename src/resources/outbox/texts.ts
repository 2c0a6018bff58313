/** The gateway's outgoing mail, as operators read it (contract/mail.ts). */
export const outbox = {
  name: 'Outbox |||| Outbox',
  fields: {
    q: 'Search',
    to: 'To',
    subject: 'Subject',
    status: 'Status',
    createdDate: 'Created',
    sentDate: 'Sent',
    attempts: 'Attempts',
    lastError: 'Last error',
    message: 'Message',
  },
  statuses: {
    QUEUED: 'Queued',
    SENT: 'Sent',
    FAILED: 'Failed',
    OUTBOX: 'Kept (no SMTP server)',
  },
  /** The title of the frame the message is drawn in (read by screen readers). */
  messageFrame: 'The message %{subject}',
  notSent: 'Not sent',
  loadingMessage: 'Loading the message…',
  empty: {
    title: 'No mail yet',
    body: 'The gateway keeps here what it sends when no SMTP server is configured.',
  },
  noMatch: 'No mail matches these filters.',
};
