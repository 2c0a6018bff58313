import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../../server/db/schema.ts';
import {
  createTestContext,
  OPERATOR_EMAIL,
  OPERATOR_PASSWORD,
  type TestContext,
  uniqueEmail,
} from '../helpers.ts';

describe('billing support features', () => {
  let t: TestContext;
  let acme: { id: string };
  let globex: { id: string };
  let adminToken: string;
  let operatorToken: string;

  beforeAll(async () => {
    t = await createTestContext();
    acme = await t.createCustomer({ companyName: 'Acme' });
    globex = await t.createCustomer({ companyName: 'Globex' });
    const role = await t.createRole({ name: 'acme_admin', customerId: acme.id, permissions: ['theme:view'] });
    const email = uniqueEmail('acme-admin');
    await t.createAccount({ email, password: 'Secret123', customerId: acme.id, roleIds: [role.id] });
    adminToken = await t.signIn(email, 'Secret123');
    operatorToken = await t.signIn(OPERATOR_EMAIL, OPERATOR_PASSWORD);
  });
  afterAll(() => t.close());

  const features = (customerId: string, token?: string) =>
    t.call('GET', `/api/billing/${customerId}/check/support_features`, { token });

  it('answers no theme for a customer whose plan does not include it', async () => {
    const answer = await features(acme.id, adminToken);
    expect(answer).toMatchObject({ status: 200, body: { theme: false } });
  });

  it('answers theme once the customer has the feature', async () => {
    await t.db
      .update(customers)
      .set({ features: ['theme'] })
      .where(eq(customers.id, acme.id));
    expect((await features(acme.id, adminToken)).body).toEqual({ theme: true });
  });

  it("never answers for another customer's id", async () => {
    const answer = await features(globex.id, adminToken);
    expect(answer.status).toBe(404);
    expect(answer.body.messageKey).toBe('error.customer.notFound');
  });

  it('answers an operator for any customer it may enter', async () => {
    expect(await features(globex.id, operatorToken)).toMatchObject({ status: 200, body: { theme: false } });
  });

  it('refuses a caller without a token', async () => {
    expect((await features(acme.id)).status).toBe(401);
  });
});
