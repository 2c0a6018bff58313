import { HttpResponse, http, type RequestHandler } from 'msw';
import type { ReactElement } from 'react';
import { Resource } from 'react-admin';
import type { TierPlan } from '../../../contract/billing';
import type { PaymentProvider } from '../../../contract/card';
import orderResource from '../../../src/resources/order';
import subscription from '../../../src/resources/subscription';
import { subscriptionOf } from '../billingFixtures';
import { customerAdmin, renderAdmin, resourcesOf } from '../harness';
import { API, server } from '../msw';

export interface SubscriptionFixtures {
  /** What the server's payment processor answers (a status: failing). */
  provider: PaymentProvider | number;
  /** The only tier plan offered. */
  plan: TierPlan;
  /** The customer's subscriptions (s1's detail is always the default subscriptionOf()), and cards. */
  subscriptions?: readonly unknown[];
  cards?: readonly unknown[];
  /** More answers of the server. */
  handlers?: readonly RequestHandler[];
  /** More <Resource>s or routes. */
  children?: readonly ReactElement[];
}

/** The subscription screens at `path`, for a customer administrator of c1 who may view and configure them. */
export const renderSubscriptionPage = (
  path: string,
  { provider, plan, subscriptions = [], cards = [], handlers = [], children = [] }: SubscriptionFixtures,
) => {
  server.use(
    http.get(`${API}/billing/payment-provider`, () =>
      typeof provider === 'number'
        ? HttpResponse.json({ messageKey: 'error.internal', message: 'boom' }, { status: provider })
        : HttpResponse.json(provider),
    ),
    http.get(`${API}/billing/payment_plan`, () => HttpResponse.json([plan])),
    http.post(`${API}/billing/subscription/c1/search`, () =>
      HttpResponse.json({ contents: subscriptions, totalElements: subscriptions.length }),
    ),
    http.get(`${API}/billing/subscription/s1/detail`, () => HttpResponse.json(subscriptionOf())),
    http.get(`${API}/billing/c1/get-list-payment-sources`, () => HttpResponse.json(cards)),
    ...handlers,
  );
  return renderAdmin({
    path,
    permissions: ['subscription:view', 'subscription:configure'],
    session: customerAdmin,
    children: [
      ...resourcesOf(subscription),
      ...resourcesOf(orderResource),
      <Resource key="payment_plan" name="payment_plan" />,
      <Resource key="card" name="card" />,
      <Resource key="users" name="users" />,
      ...children,
    ],
  });
};
