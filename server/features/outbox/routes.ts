import { MailSummary, outbox } from '../../../contract/mail.ts';
import type { Kit } from '../../kit/kit.ts';
import { checkOutboxListing, mailMessage, mailSummaries, outboxListing } from './mailMessages.ts';

/** The outbox (contract/mail.ts), for the provider's operators: the messages' summaries, and one message. */
export function outboxRoutes(kit: Kit): void {
  checkOutboxListing();

  kit.list(outbox, 'list', {
    listing: outboxListing,
    record: MailSummary,
    find: (call, ask) => mailSummaries(call.tx, ask),
  });

  kit.route(outbox, 'getOne', (call) => mailMessage(call.tx, call.params.id));
}
