import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the part of Stripe's API the server's Stripe processor calls (customers, payment
 * methods, payment intents, refunds), for tests only: it speaks Stripe's wire format (form-encoded requests,
 * JSON answers, Stripe's error objects, Idempotency-Key replays), so that the real `stripe` SDK is what the
 * tests exercise. Cards are made the way Stripe.js makes them in a browser (`paymentMethod`), with Stripe's
 * documented test numbers: 4000000000000002 declined, 4000000000009995 insufficient funds,
 * 4000002500003155 needing authentication.
 */

export interface FakeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  billing_details: { name: string | null };
  card: { brand: string; last4: string; exp_month: number; exp_year: number; fingerprint: string };
  number: string;
}

const DECLINES: Record<string, { code: string; decline_code?: string }> = {
  '4000000000000002': { code: 'card_declined', decline_code: 'generic_decline' },
  '4000000000009995': { code: 'card_declined', decline_code: 'insufficient_funds' },
  '4000002500003155': { code: 'authentication_required', decline_code: 'authentication_required' },
};

const BRANDS: readonly [RegExp, string][] = [
  [/^4/, 'visa'],
  [/^5[1-5]/, 'mastercard'],
  [/^3[47]/, 'amex'],
  [/^6011/, 'discover'],
  [/^35/, 'jcb'],
  [/^3[068]/, 'diners'],
  [/^62/, 'unionpay'],
];
const brandOf = (number: string) => BRANDS.find(([prefix]) => prefix.test(number))?.[1] ?? 'unknown';

const idOf = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

const stripeError = (status: number, type: string, fields: Record<string, unknown>) => ({
  status,
  body: { error: { type, message: `${type}: ${String(fields.code ?? '')}`, ...fields } },
});

export interface FakeStripe {
  api: { host: string; port: number; protocol: 'http' };
  requests: FakeRequest[];
  customers: Map<string, { id: string; metadata: Record<string, string> }>;
  paymentMethods: Map<string, PaymentMethod>;
  intents: Map<string, Record<string, unknown>>;
  refunds: { id: string; payment_intent: string }[];
  /** Makes a card's PaymentMethod, as Stripe.js does in the browser; answers its id. */
  paymentMethod(card: { number: string; name?: string; expYear?: number }): string;
  /** Answers every request with 401 from now on (a revoked key), or again normally. */
  refuseAll(refuse: boolean): void;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeRequest[] = [];
  const customers = new Map<string, { id: string; metadata: Record<string, string> }>();
  const paymentMethods = new Map<string, PaymentMethod>();
  const intents = new Map<string, Record<string, unknown>>();
  const refunds: { id: string; payment_intent: string }[] = [];
  const replays = new Map<string, { status: number; body: unknown }>();
  let refusing = false;

  const shown = (method: PaymentMethod) => {
    const { number: _number, ...rest } = method;
    return rest;
  };

  const handle = (
    method: string,
    path: string,
    params: Record<string, string>,
  ): { status: number; body: unknown } => {
    const missing = (what: string) =>
      stripeError(404, 'invalid_request_error', { code: 'resource_missing', param: what });
    const on = (verb: string, pattern: RegExp) => (method === verb ? pattern.exec(path) : null);
    const retrieved = on('GET', /^\/v1\/payment_methods\/([^/]+)$/);
    const attach = on('POST', /^\/v1\/payment_methods\/([^/]+)\/attach$/);
    const detach = on('POST', /^\/v1\/payment_methods\/([^/]+)\/detach$/);
    if (method === 'POST' && path === '/v1/customers') {
      const metadata: Record<string, string> = {};
      for (const [key, value] of Object.entries(params)) {
        const field = /^metadata\[(.+)\]$/.exec(key);
        if (field) metadata[field[1]!] = value;
      }
      const customer = { id: idOf('cus'), object: 'customer', metadata };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (retrieved) {
      const found = paymentMethods.get(retrieved[1]!);
      return found ? { status: 200, body: shown(found) } : missing('payment_method');
    }
    if (attach) {
      const found = paymentMethods.get(attach[1]!);
      if (!found) return missing('payment_method');
      if (!params.customer || !customers.has(params.customer)) return missing('customer');
      found.customer = params.customer;
      return { status: 200, body: shown(found) };
    }
    if (detach) {
      const found = paymentMethods.get(detach[1]!);
      if (!found) return missing('payment_method');
      if (found.customer === null) {
        return stripeError(400, 'invalid_request_error', { code: 'payment_method_unexpected_state' });
      }
      found.customer = null;
      return { status: 200, body: shown(found) };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const card = paymentMethods.get(params.payment_method ?? '');
      if (!card) return missing('payment_method');
      if (card.customer !== params.customer) {
        return stripeError(400, 'invalid_request_error', { code: 'payment_method_not_attached' });
      }
      const intent: Record<string, unknown> = {
        id: idOf('pi'),
        object: 'payment_intent',
        amount: Number(params.amount),
        currency: params.currency,
        customer: params.customer,
        payment_method: card.id,
        confirm: params.confirm,
        off_session: params.off_session,
        metadata: { orderId: params['metadata[orderId]'] },
      };
      const decline = DECLINES[card.number];
      if (decline) {
        intent.status = 'requires_payment_method';
        intents.set(intent.id as string, intent);
        return stripeError(402, 'card_error', { ...decline, payment_intent: intent });
      }
      intent.status = 'succeeded';
      intents.set(intent.id as string, intent);
      return { status: 200, body: intent };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(params.payment_intent ?? '');
      if (intent?.status !== 'succeeded') return missing('payment_intent');
      const refund = { id: idOf('re'), object: 'refund', payment_intent: intent.id as string };
      refunds.push(refund);
      return { status: 200, body: { ...refund, status: 'succeeded', amount: intent.amount } };
    }
    return stripeError(404, 'invalid_request_error', { code: 'resource_missing', message: path });
  };

  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      text += chunk;
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const params = Object.fromEntries(
        new URLSearchParams(request.method === 'GET' ? url.search : text).entries(),
      );
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      requests.push({
        method: request.method ?? 'GET',
        path: url.pathname,
        params,
        idempotencyKey,
        authorization: request.headers.authorization,
      });
      const replayed = idempotencyKey ? replays.get(idempotencyKey) : undefined;
      const answer = refusing
        ? stripeError(401, 'invalid_request_error', { code: 'api_key_expired' })
        : (replayed ?? handle(request.method ?? 'GET', url.pathname, params));
      if (idempotencyKey && !refusing) replays.set(idempotencyKey, answer);
      response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': idOf('req') });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    api: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    customers,
    paymentMethods,
    intents,
    refunds,
    paymentMethod({ number, name = 'Jane Cardholder', expYear = new Date().getUTCFullYear() + 3 }) {
      const method: PaymentMethod = {
        id: idOf('pm'),
        object: 'payment_method',
        type: 'card',
        customer: null,
        billing_details: { name },
        card: {
          brand: brandOf(number),
          last4: number.slice(-4),
          exp_month: 6,
          exp_year: expYear,
          fingerprint: randomBytes(8).toString('hex'),
        },
        number,
      };
      paymentMethods.set(method.id, method);
      return method.id;
    },
    refuseAll(refuse: boolean) {
      refusing = refuse;
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
