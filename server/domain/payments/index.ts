import type { Config } from '../../config.ts';
import type { PaymentProcessor } from './processor.ts';
import { createStripeProcessor } from './stripeProcessor.ts';
import { createTestProcessor } from './testProcessor.ts';

export type { AttachedCard, ChargeRequest, PaymentProcessor, ProcessorAccount } from './processor.ts';
export { PaymentDeclined } from './processor.ts';

/**
 * The card payment processor of this server: Stripe when its keys are configured (config.ts stripeSetting),
 * otherwise the built-in TEST processor, which moves no money.
 */
export function paymentProcessorFrom(config: Pick<Config, 'stripe'>): PaymentProcessor {
  return config.stripe ? createStripeProcessor(config.stripe) : createTestProcessor();
}
