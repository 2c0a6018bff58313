import type { PaymentProvider } from '../../../contract/card.ts';
import type { CardBrand, DeclineReason } from '../../../contract/cardRules.ts';

/**
 * What the server asks of a card payment processor (contract/card.ts): to keep a card the portal tokenised
 * (the card number never reaches the server), to charge a kept card, to refund a charge it could not record
 * and to let go of a deleted card. The built-in TEST processor (testProcessor.ts) serves when no provider is
 * configured; Stripe (stripeProcessor.ts) when its keys are set (index.ts chooses).
 */

/** A card the processor keeps, as the portal may show it: never its number or its security code. */
export interface AttachedCard {
  /** The processor's reference of the card: what a charge names. */
  reference: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  name: string;
}

/**
 * The customer's account at the processor (Stripe: its Customer), if it has one: a processor that keeps
 * cards under an account answers the account it made with the first card, and the server keeps it for the
 * next ones (processor_accounts).
 */
export interface ProcessorAccount {
  customerId: string;
  reference?: string;
}

export interface ChargeRequest {
  /** In the currency's minor unit. */
  amount: number;
  currency: string;
  cardReference: string;
  /** The order paid. */
  orderId: string;
  /**
   * Names this attempt: the same key charges at most once (a retried request answers the first charge).
   * It changes after a declined attempt, so that the customer may try again.
   */
  idempotencyKey: string;
}

export interface PaymentProcessor {
  /** Its name, stored with each card and payment. */
  readonly name: PaymentProvider['processor'];
  /** The key the portal's card form needs (Stripe's publishable key); null for the TEST processor. */
  readonly publishableKey: string | null;
  /**
   * Keeps the card of `token` for the customer. Throws an AppError (400) when the token is not one of this
   * processor's or the card cannot be kept (expired…).
   */
  attachCard(
    account: ProcessorAccount,
    token: string,
  ): Promise<{ card: AttachedCard; accountReference?: string }>;
  /** Lets go of a card deleted here (a card the processor no longer knows is let go already). */
  detachCard(cardReference: string): Promise<void>;
  /** Charges a kept card; throws PaymentDeclined when the card is declined. */
  charge(request: ChargeRequest): Promise<{ paymentId: string }>;
  /** Gives back a whole charge (one the server could not record). */
  refund(paymentId: string): Promise<void>;
}

/** A charge the processor refused, with the provider's decline code. */
export class PaymentDeclined extends Error {
  readonly reason: DeclineReason | string;

  constructor(reason: DeclineReason | string) {
    super(`The card was declined: ${reason}`);
    this.name = 'PaymentDeclined';
    this.reason = reason;
  }
}
