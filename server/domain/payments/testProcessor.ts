import { CARD_ERRORS } from '../../../contract/card.ts';
import { DECLINE_REASONS, isExpired, readTestToken } from '../../../contract/cardRules.ts';
import { badRequest } from '../../errors.ts';
import { randomToken, sha256Hex } from '../secrets.ts';
import {
  type AttachedCard,
  type ChargeRequest,
  PaymentDeclined,
  type PaymentProcessor,
  type ProcessorAccount,
} from './processor.ts';

/**
 * The built-in TEST processor, used when no card payment provider is configured: it reads the `tok_test_…`
 * tokens a portal form makes (contract/cardRules.ts tokenizeTestCard), keeps nothing of its own and moves no
 * money. A card's reference is the SHA-256 digest of its token, followed by `:decline:<reason>` for the
 * documented declining numbers: charging such a card is declined with the reason; any other charge succeeds.
 */

const DECLINE_MARK = ':decline:';
const REFERENCE = /^([0-9a-f]{64})(?::decline:([a-z_]+))?$/;

export function createTestProcessor(options: { now?: () => Date } = {}): PaymentProcessor {
  const now = options.now ?? (() => new Date());
  return {
    name: 'test',
    publishableKey: null,

    async attachCard(_account: ProcessorAccount, token: string): Promise<{ card: AttachedCard }> {
      const card = readTestToken(token);
      if (!card) throw badRequest(CARD_ERRORS.invalidToken.key, CARD_ERRORS.invalidToken.text);
      if (isExpired(card.expMonth, card.expYear, now())) {
        throw badRequest(CARD_ERRORS.expired.key, CARD_ERRORS.expired.text);
      }
      const digest = sha256Hex(token);
      return {
        card: {
          reference: card.decline ? `${digest}${DECLINE_MARK}${card.decline}` : digest,
          brand: card.brand,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
          name: card.name,
        },
      };
    },

    // It keeps nothing: there is nothing to let go of or give back.
    async detachCard(): Promise<void> {},
    async refund(): Promise<void> {},

    async charge({ amount, cardReference }: ChargeRequest): Promise<{ paymentId: string }> {
      if (!Number.isSafeInteger(amount) || amount < 0)
        throw new Error('A charge is a whole amount, not below 0');
      const match = REFERENCE.exec(cardReference);
      if (!match) throw new Error('Not a card of the test processor');
      const reason = match[2];
      if (reason !== undefined) {
        throw new PaymentDeclined(
          (DECLINE_REASONS as readonly string[]).includes(reason) ? reason : 'card_declined',
        );
      }
      return { paymentId: `pay_test_${randomToken(18)}` };
    },
  };
}
