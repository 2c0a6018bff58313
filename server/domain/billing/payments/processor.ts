import type { CardBrand, DeclineReason } from '../../../../contract/cardRules.ts';

/**
 * What the server asks of a card payment processor (contract/card.ts): to keep a card the portal tokenised
 * (the card number never reaches the server) and to charge a kept card. The built-in TEST processor
 * (testProcessor.ts) serves when no provider is configured; a provider's processor (Stripe) implements the
 * same interface and is chosen in index.ts.
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

export interface ChargeRequest {
  /** In the currency's minor unit. */
  amount: number;
  currency: string;
  cardReference: string;
  /** The order paid (a provider may use it as the charge's idempotency key). */
  orderId: string;
}

export interface PaymentProcessor {
  /** Its name, stored with each card and payment ('test', 'stripe'…). */
  readonly name: string;
  /**
   * Keeps the card of `token` for the customer. Throws an AppError (400) when the token is not one of this
   * processor's or the card cannot be kept (expired…).
   */
  attachCard(customerId: string, token: string): Promise<AttachedCard>;
  /** Charges a kept card; throws PaymentDeclined when the card is declined. */
  charge(request: ChargeRequest): Promise<{ paymentId: string }>;
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
