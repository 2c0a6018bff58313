import Stripe from 'stripe';
import { CARD_ERRORS } from '../../../contract/card.ts';
import { CARD_BRANDS, CARD_NAME_MAX, type CardBrand } from '../../../contract/cardRules.ts';
import { AppError, badRequest } from '../../errors.ts';
import {
  type AttachedCard,
  type ChargeRequest,
  PaymentDeclined,
  type PaymentProcessor,
  type ProcessorAccount,
} from './processor.ts';

/**
 * Card payments through Stripe (Payment Methods and Payment Intents), when STRIPE_SECRET_KEY and
 * STRIPE_PUBLISHABLE_KEY are set. The portal's Stripe Elements form turns the card into a PaymentMethod
 * (`pm_…`; a legacy card token `tok_…` is accepted too) in the browser; the server attaches it to the
 * customer's Stripe Customer, made with its first card (processor_accounts), and charges it off-session with
 * the charge's idempotency key. A card's reference is `<customer>/<payment method>`: a charge names both.
 *
 * Stripe's answers are read, never logged: a card error is a decline with Stripe's decline code; a token
 * Stripe does not know is the form's error; any other failure (network, keys, Stripe's own) answers 502
 * `error.card.providerUnavailable`, and nothing of the change is kept (the caller's transaction rolls back).
 */

export interface StripeOptions {
  secretKey: string;
  publishableKey: string;
  /** Where Stripe's API is (tests point it at a local stand-in); Stripe's own by default. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /** Per request, in milliseconds (default 30 s). */
  timeout?: number;
}

/** Stripe's card brands that are ours under another name; a brand not here and not ours is not accepted. */
const BRAND_ALIASES: Readonly<Record<string, CardBrand>> = { diners: 'dinersclub' };

const brandOf = (brand: string): CardBrand | undefined =>
  BRAND_ALIASES[brand] ?? CARD_BRANDS.find((known) => known === brand);

const TOKEN = /^(pm|tok)_[A-Za-z0-9_]{1,250}$/;
const REFERENCE = /^(cus_[A-Za-z0-9_]+)\/(pm_[A-Za-z0-9_]+)$/;

/**
 * The 502 of a Stripe that could not be used; the log (5xx answers are logged) reads why: Stripe's error
 * type, code, status and request id, never its message or the request.
 */
const unavailable = (error: unknown) => {
  const answer = new AppError(502, CARD_ERRORS.providerUnavailable.key, CARD_ERRORS.providerUnavailable.text);
  const why = isStripeError(error)
    ? [error.type, error.code, error.statusCode, error.requestId].filter((part) => part !== undefined)
    : [error instanceof Error ? error.name : typeof error];
  answer.cause = new Error(`Stripe: ${why.join(' ')}`);
  return answer;
};

const isStripeError = (error: unknown): error is Stripe.errors.StripeError =>
  error instanceof Stripe.errors.StripeError;

/** Whether Stripe answered that the object named does not exist. */
const isMissing = (error: unknown) => isStripeError(error) && error.code === 'resource_missing';

/** Runs a call to Stripe; a failure that is not the card's becomes providerUnavailable. */
async function calling<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError || error instanceof PaymentDeclined) throw error;
    if (isStripeError(error) && error.type === 'StripeCardError') {
      throw new PaymentDeclined(error.decline_code ?? error.code ?? 'card_declined');
    }
    throw unavailable(error);
  }
}

const referenceOf = (reference: string) => {
  const match = REFERENCE.exec(reference);
  if (!match) throw new Error('Not a card of the Stripe processor');
  return { customer: match[1]!, paymentMethod: match[2]! };
};

export function createStripeProcessor(options: StripeOptions): PaymentProcessor {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: options.timeout ?? 30_000,
    telemetry: false,
    ...(options.api ?? {}),
  });

  /** The PaymentMethod of the portal's token (a legacy card token becomes one). */
  const paymentMethodOf = async (token: string): Promise<Stripe.PaymentMethod> => {
    try {
      return token.startsWith('tok_')
        ? await stripe.paymentMethods.create({ type: 'card', card: { token } })
        : await stripe.paymentMethods.retrieve(token);
    } catch (error) {
      if (isMissing(error) || (isStripeError(error) && error.type === 'StripeInvalidRequestError')) {
        throw badRequest(CARD_ERRORS.invalidToken.key, CARD_ERRORS.invalidToken.text);
      }
      throw error;
    }
  };

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,

    attachCard: (account: ProcessorAccount, token: string) =>
      calling(async () => {
        if (!TOKEN.test(token)) throw badRequest(CARD_ERRORS.invalidToken.key, CARD_ERRORS.invalidToken.text);
        const method = await paymentMethodOf(token);
        const card = method.card;
        if (method.type !== 'card' || !card) {
          throw badRequest(CARD_ERRORS.invalidToken.key, CARD_ERRORS.invalidToken.text);
        }
        const brand = brandOf(card.brand);
        if (!brand) throw badRequest(CARD_ERRORS.unsupportedBrand.key, CARD_ERRORS.unsupportedBrand.text);
        // Made once per customer; the key answers the same Customer if a rolled-back first card made one.
        const customer =
          account.reference ??
          (
            await stripe.customers.create(
              { metadata: { customerId: account.customerId } },
              { idempotencyKey: `customer-${account.customerId}` },
            )
          ).id;
        const attached = await stripe.paymentMethods.attach(method.id, { customer });
        const attachedCard: AttachedCard = {
          reference: `${customer}/${attached.id}`,
          brand,
          last4: card.last4,
          expMonth: card.exp_month,
          expYear: card.exp_year,
          name: (attached.billing_details?.name ?? '')
            .trim()
            .replace(/\p{Cc}/gu, '')
            .slice(0, CARD_NAME_MAX),
        };
        return { card: attachedCard, accountReference: customer };
      }),

    detachCard: (cardReference: string) =>
      calling(async () => {
        try {
          await stripe.paymentMethods.detach(referenceOf(cardReference).paymentMethod);
        } catch (error) {
          // Gone already, or no longer attached: let go of either way.
          if (isMissing(error) || (isStripeError(error) && error.type === 'StripeInvalidRequestError'))
            return;
          throw error;
        }
      }),

    charge: (request: ChargeRequest) =>
      calling(async () => {
        if (!Number.isSafeInteger(request.amount) || request.amount < 0) {
          throw new Error('A charge is a whole amount, not below 0');
        }
        const { customer, paymentMethod } = referenceOf(request.cardReference);
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currency.toLowerCase(),
            customer,
            payment_method: paymentMethod,
            confirm: true,
            off_session: true,
            metadata: { orderId: request.orderId },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (intent.status !== 'succeeded') {
          throw new PaymentDeclined(
            intent.status === 'requires_action' ? 'authentication_required' : 'card_declined',
          );
        }
        return { paymentId: intent.id };
      }),

    refund: (paymentId: string) =>
      calling(async () => {
        await stripe.refunds.create({ payment_intent: paymentId }, { idempotencyKey: `refund-${paymentId}` });
      }),
  };
}
