import type { PaymentProcessor } from './processor.ts';
import { createTestProcessor } from './testProcessor.ts';

export type { AttachedCard, ChargeRequest, PaymentProcessor } from './processor.ts';
export { PaymentDeclined } from './processor.ts';

/**
 * The card payment processor of this server: the built-in TEST processor unless STRIPE_SECRET_KEY is set.
 * The Stripe processor is still to come: a server given a Stripe key refuses to start rather than take test
 * tokens as payments. It will implement PaymentProcessor (processor.ts) and be returned here.
 */
export function paymentProcessorFrom(env: NodeJS.ProcessEnv = process.env): PaymentProcessor {
  if (env.STRIPE_SECRET_KEY?.trim()) {
    throw new Error(
      'STRIPE_SECRET_KEY is set, but card payments through Stripe are not available in this version: unset it to use the built-in test processor',
    );
  }
  return createTestProcessor();
}
