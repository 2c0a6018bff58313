import { type Static, Type } from 'typebox';
import { Order } from './billing.ts';
import { CARD_BRANDS, CARD_RULE_ERRORS, CARD_TOKEN_MAX } from './cardRules.ts';
import { closed } from './fields.ts';
import { defineCalls, defineErrors, defineResource, type ErrorText } from './kit.ts';

/**
 * Payment cards and paying orders by card (docs/requirements/billing-services-entities.md Card, docs/requirements/billing-services-states.md Subscribe/Upgrade/Purchase flow, docs/requirements/billing-services-data-calls.md card
 * payment calls, docs/requirements/error-messages.md cards): a customer's saved cards, the primary one first, and paying a submitted
 * Professional order with a new card's token or a saved card. The card number never reaches the server: the
 * portal sends a card payment provider token (`stripeTokenId`, docs/requirements/billing-services-entities.md: the provider's name followed by
 * TokenId); with no provider configured, the built-in TEST processor's token (contract/cardRules.ts).
 *
 * Every call names its customer in the path (the guard must know it; the old wire's card paths had none).
 * Money is an integer in the currency's minor unit.
 */

export const Card = Type.Object({
  id: Type.String(),
  brand: Type.Enum(CARD_BRANDS),
  /** The holder's name as entered (the portal shows it in capitals, 12 characters wide). */
  name: Type.String(),
  last4: Type.String(),
  expMonth: Type.Integer(),
  expYear: Type.Integer(),
  /** The card paid with by default; the customer's first card is, and exactly one while any is saved. */
  isPrimary: Type.Boolean(),
  createdDate: Type.String(),
});
export type Card = Static<typeof Card>;

/** A card payment provider's token of a card (the TEST processor's: `tok_test_…`). */
const TokenId = Type.String({ minLength: 1, maxLength: CARD_TOKEN_MAX });
const Id = Type.String({ maxLength: 100 });

/** Add a card: the token of the card the portal's form checked (chosen: the body names only the token). */
export const AddCardBody = Type.Object({ stripeTokenId: TokenId }, closed);
export type AddCardBody = Static<typeof AddCardBody>;

/** Pay an order: with a new card's token or a saved card (its id as sourceId), exactly one of them. */
export const PayBody = Type.Object(
  {
    stripeTokenId: Type.Optional(Type.Union([TokenId, Type.Null()])),
    orderId: Id,
    sourceId: Type.Optional(Type.Union([Id, Type.Null()])),
  },
  closed,
);
export type PayBody = Static<typeof PayBody>;

/**
 * What paying an order takes, before it is paid (docs/requirements/billing-services-data-calls.md pay-for-order: a payment session id). The session
 * id is derived from the order (the same order answers the same id; nothing is stored); the portal completes
 * it with `pay`, whose payment rows name the order.
 */
export const PaymentSession = Type.Object({
  paymentSessionId: Type.String(),
  orderId: Type.String(),
  amount: Type.Integer(),
  currency: Type.String(),
});
export type PaymentSession = Static<typeof PaymentSession>;

const CustomerParams = Type.Object({ customerId: Id });
const CardParams = Type.Object({ customerId: Id, id: Id });
const OrderParams = Type.Object({ customerId: Id, orderId: Id });

const view = { permission: 'subscription:view', scope: 'customer', customer: { from: 'path' } } as const;
const configure = {
  permission: 'subscription:configure',
  scope: 'customer',
  customer: { from: 'path' },
} as const;

export const card = defineResource({
  name: 'card',
  /** What the audit log names its entries' table, and how the portal reads it. */
  audit: { table: 'Card', name: 'Card' },
  base: '/billing/card',
  customerScoped: true,
  permission: 'subscription',
  list: {
    // A few saved cards, shown as a panel of the subscription page, not a list to export.
    exported: false,
    by: 'array',
    path: '/billing/{customerId}/get-list-payment-sources',
    summary: "The customer's saved cards, the primary one first, then the newest (never a card number)",
    access: view,
    errors: [404],
    schema: { params: CustomerParams, response: { 200: Type.Array(Card) } },
  },
  create: {
    by: 'record',
    method: 'POST',
    path: '/billing/{customerId}/add-card',
    body: 'data',
    summary:
      "Save a card from the card payment provider's token; the customer's first card becomes the primary one",
    access: configure,
    errors: [404, 409],
    schema: { params: CustomerParams, body: AddCardBody, response: { 201: Card } },
  },
  delete: {
    by: 'record',
    method: 'DELETE',
    path: '/billing/{customerId}/delete-card/{id}',
    summary: 'Delete a saved card; when it was the primary one, the newest remaining card becomes primary',
    access: configure,
    errors: [404],
    schema: { params: CardParams, response: { 200: Card } },
  },
  actions: {
    setDefault: {
      by: 'call',
      method: 'PUT',
      path: '/billing/{customerId}/set-as-default-card/{id}',
      summary: 'Make a saved card the primary one (the previous primary card no longer is)',
      access: configure,
      errors: [404],
      schema: { params: CardParams, response: { 200: Card } },
    },
    pay: {
      by: 'call',
      method: 'POST',
      path: '/billing/{customerId}/pay',
      body: 'data',
      summary:
        "Pay a submitted Professional order by card (a new card's token, saved with the payment, or a saved card): in one transaction the charge is recorded, the order paid and approved; a declined card answers 402",
      access: configure,
      errors: [402, 404, 409],
      schema: { params: CustomerParams, body: PayBody, response: { 200: Order } },
    },
    payForOrder: {
      by: 'call',
      method: 'POST',
      path: '/billing/{customerId}/pay-for-order/{orderId}',
      summary:
        'What paying a submitted Professional order takes: its payment session id, amount and currency',
      access: configure,
      errors: [404, 409],
      schema: { params: OrderParams, response: { 200: PaymentSession } },
    },
  },
});

/** Which card payment processor the server uses, and what the portal's card form needs for it. */
export const PAYMENT_PROCESSORS = ['test', 'stripe'] as const;
export const PaymentProvider = Type.Object({
  processor: Type.Enum(PAYMENT_PROCESSORS),
  /** Stripe's publishable key (the portal loads Stripe.js with it); null for the built-in test processor. */
  publishableKey: Type.Union([Type.String(), Type.Null()]),
});
export type PaymentProvider = Static<typeof PaymentProvider>;

export const cardCalls = defineCalls({
  name: 'card-payment',
  calls: {
    provider: {
      method: 'GET',
      path: '/billing/payment-provider',
      summary:
        "The card payment processor: 'stripe' with its publishable key, or the built-in 'test' processor",
      access: {},
      schema: { response: { 200: PaymentProvider } },
    },
  },
});

/** The server's answers about cards and card payments, in the catalogue's words (src/i18n/en/errors.ts). */
export const CARD_ERRORS = defineErrors({
  notFound: { status: 404, key: 'error.card.notFound', text: 'Card not found' },
  invalidToken: {
    status: 400,
    key: 'error.card.invalidToken',
    text: 'The card could not be read. Enter it again.',
  },
  duplicate: { status: 409, key: 'error.card.duplicate', text: 'This card is already saved.' },
  oneSource: {
    status: 400,
    key: 'error.card.oneSource',
    text: 'Choose one card to pay with: a saved card or a new one.',
  },
  // A declined charge (402), in words by its decline code (declineErrorOf); `params.reason` keeps the code.
  declined: {
    status: 402,
    key: 'error.card.declined',
    text: 'Your card was declined. Use another card or contact your bank.',
    field: 'card',
  },
  insufficientFunds: {
    status: 402,
    key: 'error.card.insufficientFunds',
    text: 'Your card has insufficient funds. Use another card or contact your bank.',
    field: 'card',
  },
  expiredCard: {
    status: 402,
    key: 'error.card.expiredCard',
    text: 'Your card has expired. Use another card.',
    field: 'card',
  },
  incorrectCvc: {
    status: 402,
    key: 'error.card.incorrectCvc',
    text: "Your card's security code is incorrect.",
    field: 'card',
  },
  processingError: {
    status: 402,
    key: 'error.card.processingError',
    text: 'An error occurred while processing your card. Nothing was charged; try again in a few minutes.',
    field: 'card',
  },
  authenticationRequired: {
    status: 402,
    key: 'error.card.authenticationRequired',
    text: 'Your bank asks to confirm this payment, which cannot be done here. Use another card or contact your bank.',
    field: 'card',
  },
  notPayable: {
    status: 409,
    key: 'error.card.notPayable',
    text: 'Orders of the %{plan} plan are not paid by card.',
  },
  alreadyPaid: { status: 409, key: 'error.card.alreadyPaid', text: 'This order is already paid.' },
  providerUnavailable: {
    status: 502,
    key: 'error.card.providerUnavailable',
    text: 'The card payment provider could not be reached. Nothing was charged; try again in a few minutes.',
  },
  orderNotSubmitted: {
    status: 409,
    key: 'error.card.orderNotSubmitted',
    text: 'Only a submitted order can be paid; this one is %{status}.',
  },
  invalidNumber: { key: CARD_RULE_ERRORS.invalidNumber, text: 'The card number is not valid.' },
  unsupportedBrand: {
    status: 400,
    key: CARD_RULE_ERRORS.unsupportedBrand,
    text: 'This card brand is not supported.',
  },
  invalidExpiry: { key: CARD_RULE_ERRORS.invalidExpiry, text: 'The expiry date is not valid.' },
  expired: { status: 400, key: CARD_RULE_ERRORS.expired, text: 'The card has expired.' },
  invalidCvc: {
    key: CARD_RULE_ERRORS.invalidCvc,
    text: 'The security code is not valid: 4 digits for American Express, 3 for other cards.',
  },
  invalidName: {
    key: CARD_RULE_ERRORS.invalidName,
    text: 'Enter the name on the card (at most 100 characters).',
  },
});

/**
 * The words of a declined charge by its decline code (the test processor's, Stripe's `decline_code` or
 * `code`); any other code is a plain decline.
 */
const DECLINE_WORDS: Readonly<Record<string, keyof typeof CARD_ERRORS>> = {
  insufficient_funds: 'insufficientFunds',
  expired_card: 'expiredCard',
  incorrect_cvc: 'incorrectCvc',
  invalid_cvc: 'incorrectCvc',
  processing_error: 'processingError',
  authentication_required: 'authenticationRequired',
};

export const declineErrorOf = (reason: string): ErrorText =>
  CARD_ERRORS[Object.hasOwn(DECLINE_WORDS, reason) ? DECLINE_WORDS[reason]! : 'declined'];
