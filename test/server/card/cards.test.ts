import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CARD_ERRORS, type Card } from '../../../contract/card.ts';
import {
  brandOf,
  CARD_BRANDS,
  CARD_RULE_ERRORS,
  type CardBrand,
  DECLINING_TEST_CARDS,
  isCvcValid,
  isExpired,
  isLuhnValid,
  readTestToken,
  shownCardName,
  TEST_CARD_PREFIXES,
  TEST_TOKEN_PREFIX,
  tokenizeTestCard,
} from '../../../contract/cardRules.ts';
import { auditLog, cards } from '../../../server/db/schema.ts';
import { error as catalogue } from '../../../src/i18n/en/errors.ts';
import { type Payer, tierSuite } from '../fixtures/billing.ts';

/**
 * Payment cards (contract/card.ts, contract/cardRules.ts): the rules a card form checks and the TEST
 * processor's token it makes (the number never in it), and a customer's saved cards: added from a token,
 * listed with the primary one first, the primary one moved and kept when cards are deleted, in the
 * customer's scope only.
 */

const NOW = new Date('2026-11-25T12:00:00Z');

/** `body` completed with its Luhn check digit. */
function withCheckDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit += 1) {
    if (isLuhnValid(`${body}${digit}`)) return `${body}${digit}`;
  }
  throw new Error('no check digit');
}

const LENGTHS: Partial<Record<CardBrand, number>> = { amex: 15, dinersclub: 14 };
/** A valid number of each brand, made from its spec prefix. */
const numberOf = (brand: CardBrand) =>
  withCheckDigit(TEST_CARD_PREFIXES[brand].padEnd((LENGTHS[brand] ?? 16) - 1, '1'));

const decode = (token: string) =>
  JSON.parse(Buffer.from(token.slice(TEST_TOKEN_PREFIX.length), 'base64url').toString('utf8'));

describe('the card rules', () => {
  it("tells each brand by the spec's prefix, any number starting with 4 as visa, and no other", () => {
    for (const brand of CARD_BRANDS) {
      expect(brandOf(numberOf(brand)), brand).toBe(brand);
      expect(isLuhnValid(numberOf(brand)), brand).toBe(true);
    }
    expect(brandOf('4242 4242 4242 4242')).toBe('visa');
    expect(brandOf('4000000000000002')).toBe('visa');
    expect(brandOf('5105105105105100')).toBeUndefined();
    expect(brandOf('371449635398431')).toBeUndefined();
    expect(brandOf('4242abcd')).toBeUndefined();
  });

  it('checks the Luhn digit and the length', () => {
    expect(isLuhnValid('4242424242424242')).toBe(true);
    expect(isLuhnValid('4242-4242-4242-4242')).toBe(true);
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(isLuhnValid('42424242424')).toBe(false);
    expect(isLuhnValid('4'.repeat(20))).toBe(false);
    expect(isLuhnValid('')).toBe(false);
    expect(isLuhnValid('4242x42424242424')).toBe(false);
  });

  it('counts a card good through the last day of its expiry month', () => {
    expect(isExpired(11, 2026, NOW)).toBe(false);
    expect(isExpired(11, 2026, new Date('2026-11-30T23:59:59Z'))).toBe(false);
    expect(isExpired(11, 2026, new Date('2026-12-01T00:00:00Z'))).toBe(true);
    expect(isExpired(10, 2026, NOW)).toBe(true);
    expect(isExpired(1, 2027, NOW)).toBe(false);
    expect(isExpired(12, 25, NOW)).toBe(true);
    expect(isExpired(12, 26, NOW)).toBe(false);
  });

  it('wants 4 CVC digits for amex and 3 for the other brands', () => {
    expect(isCvcValid('amex', '1234')).toBe(true);
    expect(isCvcValid('amex', '123')).toBe(false);
    for (const brand of CARD_BRANDS.filter((each) => each !== 'amex')) {
      expect(isCvcValid(brand, '123'), brand).toBe(true);
      expect(isCvcValid(brand, '1234'), brand).toBe(false);
    }
    expect(isCvcValid('visa', '12a')).toBe(false);
    expect(isCvcValid('visa', '')).toBe(false);
  });

  it('shows the name in capitals, 12 characters wide', () => {
    expect(shownCardName('  Jane Q. Cardholder ')).toBe('JANE Q. CARD');
    expect(shownCardName('Li Wei')).toBe('LI WEI');
  });

  const entry = (number: string, cvc = '123') => ({
    number,
    expMonth: 8,
    expYear: 2029,
    cvc,
    name: 'Jane Cardholder',
  });

  it('tokenises a valid card of every brand into brand, last four, expiry and name: never the number or CVC', () => {
    for (const brand of CARD_BRANDS) {
      const number = numberOf(brand);
      const cvc = brand === 'amex' ? '7391' : '739';
      const { token, error } = tokenizeTestCard(entry(number, cvc), NOW);
      expect(error, brand).toBeUndefined();
      expect(token!.startsWith(TEST_TOKEN_PREFIX)).toBe(true);
      const payload = decode(token!);
      expect(payload).toEqual({
        brand,
        last4: number.slice(-4),
        expMonth: 8,
        expYear: 2029,
        name: 'Jane Cardholder',
      });
      const text = `${token} ${JSON.stringify(payload)}`;
      expect(text).not.toContain(number);
      expect(text).not.toContain(number.slice(0, -4));
      expect(text).not.toContain(cvc);
      expect(readTestToken(token!)).toEqual(payload);
    }
  });

  it('marks the documented declining numbers with their reason', () => {
    expect(Object.values(DECLINING_TEST_CARDS).sort()).toEqual([
      'card_declined',
      'expired_card',
      'insufficient_funds',
    ]);
    for (const [number, reason] of Object.entries(DECLINING_TEST_CARDS)) {
      expect(isLuhnValid(number), number).toBe(true);
      const { token } = tokenizeTestCard(entry(number), NOW);
      expect(readTestToken(token!)).toMatchObject({
        brand: 'visa',
        last4: number.slice(-4),
        decline: reason,
      });
      expect(token).not.toContain(number);
    }
    expect(readTestToken(tokenizeTestCard(entry('4242424242424242'), NOW).token!)?.decline).toBeUndefined();
  });

  it('answers the first broken rule as a message key of the catalogue', () => {
    const cases: [Parameters<typeof tokenizeTestCard>[0], string][] = [
      [entry('4242424242424241'), CARD_RULE_ERRORS.invalidNumber],
      [entry('424242'), CARD_RULE_ERRORS.invalidNumber],
      [entry('5105105105105100'), CARD_RULE_ERRORS.unsupportedBrand],
      [{ ...entry('4242424242424242'), expMonth: 13 }, CARD_RULE_ERRORS.invalidExpiry],
      [{ ...entry('4242424242424242'), expMonth: 10, expYear: 2026 }, CARD_RULE_ERRORS.expired],
      [{ ...entry('4242424242424242'), expYear: 2099 }, CARD_RULE_ERRORS.invalidExpiry],
      [entry('4242424242424242', '12'), CARD_RULE_ERRORS.invalidCvc],
      [entry(numberOf('amex'), '123'), CARD_RULE_ERRORS.invalidCvc],
      [{ ...entry('4242424242424242'), name: '   ' }, CARD_RULE_ERRORS.invalidName],
      [{ ...entry('4242424242424242'), name: 'x'.repeat(101) }, CARD_RULE_ERRORS.invalidName],
      [{ ...entry('4242424242424242'), name: 'Jane\u0000Doe' }, CARD_RULE_ERRORS.invalidName],
    ];
    const keys = new Set<string>(Object.values(CARD_ERRORS).map((each) => each.key));
    for (const [card, key] of cases) {
      expect(tokenizeTestCard(card, NOW), JSON.stringify(card)).toEqual({ error: key });
      expect(keys.has(key)).toBe(true);
    }
    // A two-digit year is read as 20xx.
    expect(decode(tokenizeTestCard({ ...entry('4242424242424242'), expYear: 29 }, NOW).token!).expYear).toBe(
      2029,
    );
  });

  it('reads back only well-formed tokens', () => {
    const good = decode(tokenizeTestCard(entry('4242424242424242'), NOW).token!);
    const tokenOf = (payload: unknown) =>
      `${TEST_TOKEN_PREFIX}${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    expect(readTestToken(tokenOf(good))).toEqual(good);
    for (const bad of [
      { ...good, number: '4242424242424242' },
      { ...good, brand: 'diners' },
      { ...good, last4: '42' },
      { ...good, expMonth: 0 },
      { ...good, name: '' },
      { ...good, name: 'a\u0000b' },
      { ...good, decline: 'stolen' },
      [good],
    ]) {
      expect(readTestToken(tokenOf(bad)), JSON.stringify(bad)).toBeUndefined();
    }
    expect(readTestToken('tok_visa')).toBeUndefined();
    expect(readTestToken(`${TEST_TOKEN_PREFIX}!!!`)).toBeUndefined();
    expect(
      readTestToken(`${TEST_TOKEN_PREFIX}${Buffer.from('not json').toString('base64url')}`),
    ).toBeUndefined();
    expect(
      readTestToken(`${TEST_TOKEN_PREFIX}${Buffer.from([0xff, 0xfe]).toString('base64url')}`),
    ).toBeUndefined();
  });

  it("has the catalogue's text for every answer", () => {
    for (const { key, text } of Object.values(CARD_ERRORS)) {
      const [, area, name] = key.split('.');
      expect(area).toBe('card');
      expect((catalogue.card as Record<string, string>)[name!], key).toBe(text);
    }
  });
});

// ——— Saved cards through the API ———

const { t, operator, newCustomer } = tierSuite();
type Customer = Payer;

/** A card good for years from now (the server checks the expiry against its own clock). */
const tokenOf = (number: string, name = 'Jane Cardholder') => {
  const now = new Date();
  const made = tokenizeTestCard(
    {
      number,
      expMonth: 6,
      expYear: now.getUTCFullYear() + 3,
      cvc: number.startsWith('37') ? '1234' : '123',
      name,
    },
    now,
  );
  if (!made.token) throw new Error(made.error);
  return made.token;
};

const list = (customer: Customer) =>
  t.call('GET', `/api/billing/${customer.id}/get-list-payment-sources`, { token: customer.token });
const add = (customer: Customer, stripeTokenId: string) =>
  t.call('POST', `/api/billing/${customer.id}/add-card`, { token: customer.token, json: { stripeTokenId } });
const setDefault = (customer: Customer, id: string) =>
  t.call('PUT', `/api/billing/${customer.id}/set-as-default-card/${id}`, { token: customer.token });
const remove = (customer: Customer, id: string) =>
  t.call('DELETE', `/api/billing/${customer.id}/delete-card/${id}`, { token: customer.token });

async function added(customer: Customer, number: string, name?: string): Promise<Card> {
  const answer = await add(customer, tokenOf(number, name));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Card;
}

const listed = async (customer: Customer) => {
  const answer = await list(customer);
  expect(answer.status).toBe(200);
  return (answer.body as Card[]).map((card) => `${card.last4}${card.isPrimary ? '*' : ''}`);
};

describe('saved cards', () => {
  it('adds a card from its token: listed with brand, last four and name, and primary as the first', async () => {
    const acme = await newCustomer('Acme');
    expect(await listed(acme)).toEqual([]);
    const card = await added(acme, '4242424242424242');
    expect(Object.keys(card).sort()).toEqual(
      ['brand', 'createdDate', 'expMonth', 'expYear', 'id', 'isPrimary', 'last4', 'name'].sort(),
    );
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', name: 'Jane Cardholder', isPrimary: true });
    expect((await list(acme)).body).toEqual([card]);

    const second = await added(acme, numberOf('amex'), 'John Smith');
    expect(second).toMatchObject({ brand: 'amex', name: 'John Smith', isPrimary: false });
    expect(await listed(acme)).toEqual(['4242*', second.last4]);

    // Stored: the token's digest as the reference, never the number or the token.
    const [row] = await t.db.select().from(cards).where(eq(cards.id, card.id));
    expect(row!.processor).toBe('test');
    expect(row!.reference).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
    // Audited as a change of the customer's billing details, without the reference.
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.customerId, acme.id));
    expect(entries.length).toBe(2);
    expect(JSON.stringify(entries)).not.toContain(row!.reference);
  });

  it('refuses the same card twice, a token that is not one, and an expired card', async () => {
    const acme = await newCustomer('Acme');
    const token = tokenOf('5555555555554444');
    expect((await add(acme, token)).status).toBe(201);
    const again = await add(acme, token);
    expect(again.status).toBe(409);
    expect(again.body.messageKey).toBe(CARD_ERRORS.duplicate.key);

    const notOne = await add(acme, 'tok_visa');
    expect(notOne.status).toBe(400);
    expect(notOne.body).toMatchObject({
      messageKey: CARD_ERRORS.invalidToken.key,
      message: CARD_ERRORS.invalidToken.text,
    });
    const expired = `${TEST_TOKEN_PREFIX}${Buffer.from(
      JSON.stringify({ brand: 'visa', last4: '4242', expMonth: 1, expYear: 2020, name: 'Old Card' }),
    ).toString('base64url')}`;
    const refused = await add(acme, expired);
    expect(refused.status).toBe(400);
    expect(refused.body.messageKey).toBe(CARD_ERRORS.expired.key);
    expect(await listed(acme)).toEqual(['4444*']);
  });

  it('moves the primary card, and when the primary card is deleted makes the newest remaining one primary', async () => {
    const acme = await newCustomer('Acme');
    const first = await added(acme, '4242424242424242');
    const second = await added(acme, '5555555555554444');
    const third = await added(acme, numberOf('discover'));
    expect(await listed(acme)).toEqual(['4242*', third.last4, '4444']);

    const moved = await setDefault(acme, second.id);
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: second.id, isPrimary: true });
    expect(await listed(acme)).toEqual(['4444*', third.last4, '4242']);
    // Already primary: nothing changes.
    expect((await setDefault(acme, second.id)).body.isPrimary).toBe(true);

    // A card that is not primary: the primary one stays.
    const deleted = await remove(acme, first.id);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: first.id, last4: '4242' });
    expect(await listed(acme)).toEqual(['4444*', third.last4]);

    // The primary one: the newest remaining becomes primary.
    await added(acme, numberOf('jcb'));
    expect((await remove(acme, second.id)).status).toBe(200);
    expect(await listed(acme)).toEqual([`${numberOf('jcb').slice(-4)}*`, third.last4]);

    for (const card of (await list(acme)).body as Card[])
      expect((await remove(acme, card.id)).status).toBe(200);
    expect(await listed(acme)).toEqual([]);
    // The next card is the first again: primary.
    expect((await added(acme, '4242424242424242')).isPrimary).toBe(true);
    const gone = await remove(acme, first.id);
    expect(gone.status).toBe(404);
    expect(gone.body.messageKey).toBe(CARD_ERRORS.notFound.key);
  });

  it("answers 404 for another customer's card, and changes nothing", async () => {
    const acme = await newCustomer('Acme');
    const globex = await newCustomer('Globex');
    const theirs = await added(globex, '4242424242424242');
    const spare = await added(globex, '5555555555554444');
    for (const answer of [
      await remove(acme, theirs.id),
      await setDefault(acme, spare.id),
      await remove(acme, 'not-a-uuid'),
      await setDefault(acme, randomUUID()),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.messageKey).toBe(CARD_ERRORS.notFound.key);
    }
    // Naming Globex in the path: the guard's answer.
    const named = await t.call('DELETE', `/api/billing/${globex.id}/delete-card/${theirs.id}`, {
      token: acme.token,
    });
    expect(named.status).toBe(404);
    expect(named.body.messageKey).toBe('error.customer.notFound');
    expect(await listed(acme)).toEqual([]);
    expect(await listed(globex)).toEqual(['4242*', '4444']);
  });

  it('is for the customer scope: an operator is refused', async () => {
    const acme = await newCustomer('Acme');
    const asOperator = await t.call('GET', `/api/billing/${acme.id}/get-list-payment-sources`, {
      token: operator.token,
    });
    expect(asOperator.status).toBe(403);
    const adding = await t.call('POST', `/api/billing/${acme.id}/add-card`, {
      token: operator.token,
      json: { stripeTokenId: tokenOf('4242424242424242') },
    });
    expect(adding.status).toBe(403);
    expect(await listed(acme)).toEqual([]);
  });
});
