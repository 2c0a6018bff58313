import { type Static, Type } from 'typebox';
import { IdParams, NullableString } from './fields.ts';
import { defineErrors, defineListingNames, defineResource } from './kit.ts';

/**
 * Outgoing mail (activation codes, OTP codes…): queued and sent through the SMTP server of SMTP_URL with
 * retries, or, with no SMTP server configured, kept in the outbox, which operators read in the portal.
 */

export const MAIL_STATUSES = ['QUEUED', 'SENT', 'FAILED', 'OUTBOX'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MailSummary = Type.Object({
  id: Type.String(),
  customerId: NullableString,
  to: Type.String(),
  subject: Type.String(),
  status: Type.Enum(MAIL_STATUSES),
  attempts: Type.Integer(),
  lastError: NullableString,
  createdDate: Type.String(),
  sentDate: NullableString,
});
export type MailSummary = Static<typeof MailSummary>;

/** A message as it reads: its text, and its HTML with the inline images as data: URLs. */
export const MailMessage = Type.Object({
  ...MailSummary.properties,
  text: Type.String(),
  html: Type.String(),
});
export type MailMessage = Static<typeof MailMessage>;

export const MAIL_LISTING = defineListingNames({
  filters: ['q', 'status', 'customerId'],
  sort: ['createdDate', 'to', 'subject', 'status'],
  defaultSort: { field: 'createdDate', order: 'DESC' },
});

const view = { scope: 'provider', permission: 'vos-cloud-configuration:view' } as const;

export const outbox = defineResource({
  name: 'outbox',
  base: '/mail/outbox',
  customerScoped: false,
  permission: 'vos-cloud-configuration',
  list: {
    by: 'pageSearch',
    sorted: true,
    path: '{base}',
    summary: 'The mail the gateway sent or keeps (newest first): to, subject, status',
    access: view,
  },
  getOne: {
    by: 'record',
    method: 'GET',
    path: '{base}/{id}',
    summary: 'One message, as it reads (HTML with its inline images)',
    access: view,
    errors: [404],
    schema: { params: IdParams, response: { 200: MailMessage } },
  },
});

export const MAIL_ERRORS = defineErrors({
  notFound: { status: 404, key: 'error.mail.notFound', text: 'Message not found' },
});
