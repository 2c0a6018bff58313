/**
 * Payment cards, as a form checks them before anything is sent (docs/requirements/billing-services-entities.md Card, docs/requirements/constants-and-limits.md test card
 * prefixes): the brand by the number's prefix, the Luhn check digit, the expiry and the CVC; and the token of
 * the built-in TEST payment processor, which a portal form makes from a checked card. Pure: no I/O, no clock
 * of its own (the caller passes `now`); read by the portal's card form and by the server.
 *
 * The card number never leaves the form: a token carries only the brand, the last four digits, the expiry,
 * the holder's name and, for the documented declining numbers, the reason the charge will be declined.
 */

export const CARD_BRANDS = [
  'visa',
  'mastercard',
  'amex',
  'jcb',
  'dinersclub',
  'maestro',
  'discover',
  'unionpay',
] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** docs/requirements/constants-and-limits.md: the test card number prefixes by brand. */
export const TEST_CARD_PREFIXES: Readonly<Record<CardBrand, string>> = {
  visa: '4242',
  mastercard: '5555',
  amex: '3782',
  jcb: '3566',
  dinersclub: '3056',
  maestro: '5666',
  discover: '6011',
  unionpay: '6200',
};
/** docs/requirements/constants-and-limits.md: the default test card prefix (visa). */
export const DEFAULT_TEST_CARD_PREFIX = TEST_CARD_PREFIXES.visa;

/** docs/requirements/billing-services-entities.md, docs/requirements/constants-and-limits.md: a card's holder name is shown in capitals, at most 12 characters wide. */
export const CARD_NAME_DISPLAY_WIDTH = 12;
/** The longest holder name a card may carry. */
export const CARD_NAME_MAX = 100;
/** Card numbers have 12 to 19 digits (ISO/IEC 7812). */
export const CARD_NUMBER_LENGTH = { min: 12, max: 19 } as const;
/** Expiry years a form accepts: from the current year to 20 years on. */
export const CARD_EXPIRY_YEARS_AHEAD = 20;

/** Why a charge is declined (the card payment provider's decline codes). */
export const DECLINE_REASONS = ['card_declined', 'insufficient_funds', 'expired_card'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/**
 * Numbers the TEST processor declines when charged, and why (the card payment provider's own test numbers).
 * They are valid visa numbers (prefix 4): a card with one of them is accepted and saved; paying with it is
 * declined with the reason.
 */
export const DECLINING_TEST_CARDS: Readonly<Record<string, DeclineReason>> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
};

/** The message keys of the rules (their texts: CARD_ERRORS in contract/card.ts). */
export const CARD_RULE_ERRORS = {
  invalidNumber: 'error.card.invalidNumber',
  unsupportedBrand: 'error.card.unsupportedBrand',
  invalidExpiry: 'error.card.invalidExpiry',
  expired: 'error.card.expired',
  invalidCvc: 'error.card.invalidCvc',
  invalidName: 'error.card.invalidName',
} as const;
export type CardRuleError = (typeof CARD_RULE_ERRORS)[keyof typeof CARD_RULE_ERRORS];

/** The digits of a number as typed (spaces and dashes between groups dropped). */
export const digitsOf = (number: string): string => number.replace(/[\s-]/g, '');

const isDigits = (text: string) => /^\d+$/.test(text);

/**
 * The brand of a card number: visa for any number starting with 4 (the test prefix 4242, and the declining
 * test numbers 4000…), every other brand by its test prefix (docs/requirements/constants-and-limits.md); undefined for any other number.
 */
export function brandOf(number: string): CardBrand | undefined {
  const digits = digitsOf(number);
  if (!isDigits(digits)) return undefined;
  if (digits.startsWith('4')) return 'visa';
  return CARD_BRANDS.find((brand) => brand !== 'visa' && digits.startsWith(TEST_CARD_PREFIXES[brand]));
}

/** The Luhn (mod 10) check of a number of 12 to 19 digits. */
export function isLuhnValid(number: string): boolean {
  const digits = digitsOf(number);
  if (!isDigits(digits) || digits.length < CARD_NUMBER_LENGTH.min || digits.length > CARD_NUMBER_LENGTH.max) {
    return false;
  }
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A two-digit year (27) as a four-digit one (2027); a four-digit year as it is. */
export const fullYear = (year: number): number => (year < 100 ? 2000 + year : year);

/** A month 1-12 and a year from 2000 on (two digits allowed). */
export const isExpiryValid = (month: number, year: number): boolean =>
  Number.isInteger(month) &&
  Number.isInteger(year) &&
  month >= 1 &&
  month <= 12 &&
  fullYear(year) >= 2000 &&
  fullYear(year) <= 2099;

/** A card is good through the last day of its expiry month (UTC): expired from the month after on. */
export function isExpired(month: number, year: number, now: Date): boolean {
  const expiry = fullYear(year) * 12 + (month - 1);
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return expiry < current;
}

/** Four digits for amex, three for every other brand. */
export const isCvcValid = (brand: CardBrand, cvc: string): boolean =>
  new RegExp(`^\\d{${brand === 'amex' ? 4 : 3}}$`).test(cvc);

/** A holder's name: not blank, at most CARD_NAME_MAX characters, no control characters. */
export const isCardName = (name: string): boolean =>
  name.trim() !== '' && name.length <= CARD_NAME_MAX && !/\p{Cc}/u.test(name);

/** docs/requirements/billing-services-entities.md: the holder's name as a card shows it: in capitals, cut to the display width. */
export const shownCardName = (name: string): string =>
  name.trim().toUpperCase().slice(0, CARD_NAME_DISPLAY_WIDTH);

// ——— The TEST processor's token ———

export const TEST_TOKEN_PREFIX = 'tok_test_';
/** No test token is longer (a name of CARD_NAME_MAX characters, each up to 4 UTF-8 bytes, encoded). */
export const CARD_TOKEN_MAX = 1000;

/** What a TEST token carries: never the number, never the CVC. */
export interface TestCardToken {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  name: string;
  /** A declining test number: the reason its charges are declined. */
  decline?: DeclineReason;
}

export interface CardEntry {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

const toBase64Url = (text: string): string => {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
};

const fromBase64Url = (text: string): string | undefined => {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
};

/** The first rule a card breaks, or undefined when it may be tokenised. */
export function checkCard(card: CardEntry, now: Date): CardRuleError | undefined {
  const digits = digitsOf(card.number);
  if (!isLuhnValid(digits)) return CARD_RULE_ERRORS.invalidNumber;
  const brand = brandOf(digits);
  if (!brand) return CARD_RULE_ERRORS.unsupportedBrand;
  if (!isExpiryValid(card.expMonth, card.expYear)) return CARD_RULE_ERRORS.invalidExpiry;
  if (isExpired(card.expMonth, card.expYear, now)) return CARD_RULE_ERRORS.expired;
  if (fullYear(card.expYear) > now.getUTCFullYear() + CARD_EXPIRY_YEARS_AHEAD) {
    return CARD_RULE_ERRORS.invalidExpiry;
  }
  if (!isCvcValid(brand, card.cvc)) return CARD_RULE_ERRORS.invalidCvc;
  if (!isCardName(card.name.trim())) return CARD_RULE_ERRORS.invalidName;
  return undefined;
}

/**
 * What a card form sends the server when payments go through the TEST processor: `tok_test_` and the
 * base64url JSON of {brand, last4, expMonth, expYear, name} (and `decline` for a declining test number).
 * Answers the first broken rule's message key instead when the card is not valid.
 */
export function tokenizeTestCard(
  card: CardEntry,
  now: Date,
): { token: string; error?: undefined } | { error: CardRuleError; token?: undefined } {
  const error = checkCard(card, now);
  if (error) return { error };
  const digits = digitsOf(card.number);
  const decline = DECLINING_TEST_CARDS[digits];
  const payload: TestCardToken = {
    brand: brandOf(digits)!,
    last4: digits.slice(-4),
    expMonth: card.expMonth,
    expYear: fullYear(card.expYear),
    name: card.name.trim(),
    ...(decline ? { decline } : {}),
  };
  return { token: `${TEST_TOKEN_PREFIX}${toBase64Url(JSON.stringify(payload))}` };
}

/**
 * A TEST token read back, each field checked (the server never trusts its shape); undefined when it is not
 * one. The expiry is not checked against a clock here: the processor does.
 */
export function readTestToken(token: string): TestCardToken | undefined {
  if (!token.startsWith(TEST_TOKEN_PREFIX) || token.length > CARD_TOKEN_MAX) return undefined;
  const json = fromBase64Url(token.slice(TEST_TOKEN_PREFIX.length));
  if (json === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { brand, last4, expMonth, expYear, name, decline, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return undefined;
  if (typeof brand !== 'string' || !(CARD_BRANDS as readonly string[]).includes(brand)) return undefined;
  if (typeof last4 !== 'string' || !/^\d{4}$/.test(last4)) return undefined;
  if (typeof expMonth !== 'number' || typeof expYear !== 'number' || expYear < 2000) return undefined;
  if (!isExpiryValid(expMonth, expYear)) return undefined;
  if (typeof name !== 'string' || name !== name.trim() || !isCardName(name)) return undefined;
  if (decline !== undefined && !(DECLINE_REASONS as readonly unknown[]).includes(decline)) return undefined;
  return {
    brand: brand as CardBrand,
    last4,
    expMonth,
    expYear,
    name,
    ...(decline === undefined ? {} : { decline: decline as DeclineReason }),
  };
}
