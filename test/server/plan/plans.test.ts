import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TierPlan } from '../../../contract/billing.ts';
import { tierPlans } from '../../../server/db/schema.ts';
import { ensureSeed } from '../../../server/seed.ts';
import { createTestContext, OPERATOR_EMAIL, OPERATOR_PASSWORD, type TestContext } from '../helpers.ts';

/**
 * Plans (contract/billing.ts): the seeded tiers with their periods and features, public for the home page;
 * periods, higher tiers and details for signed-in callers; an operator's change survives the next start.
 */

let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestContext();
  token = await t.signIn(OPERATOR_EMAIL, OPERATOR_PASSWORD);
});
afterAll(() => t.close());

const tiers = async () => (await t.call('GET', '/api/billing/payment_plan')).body as TierPlan[];

describe('the plans', () => {
  it('are answered without a token: Free, Professional and Enterprise, cheapest first, in USD', async () => {
    const answer = await t.call('GET', '/api/billing/payment_plan');
    expect(answer.status).toBe(200);
    const plans = answer.body as TierPlan[];
    expect(plans.map((plan) => [plan.name, plan.tierPlanType, plan.minUser, plan.pricePerUserMonth])).toEqual(
      [
        ['FREE', 'FREE', 1, 0],
        ['PROFESSIONAL', 'NORMAL', 10, 300],
        ['ENTERPRISE', 'ENTERPRISE', 100, 500],
      ],
    );
    expect(plans.every((plan) => plan.currency === 'USD')).toBe(true);
    const professional = plans[1]!;
    expect(
      professional.periods.map((period) => [period.periodCount, period.freeMonth, period.firstTimeFreeMonth]),
    ).toEqual([
      [1, 0, 1],
      [12, 2, 1],
      [24, 6, 1],
    ]);
    expect(professional.featureIds).toContain('theme');
    expect(plans[0]!.featureIds).not.toContain('theme');
  });

  it('name their features, answered without a token too', async () => {
    const answer = await t.call('GET', '/api/billing/service_feature');
    expect(answer.status).toBe(200);
    const ids = (answer.body as { id: string }[]).map((feature) => feature.id);
    expect(ids).toEqual(['radius', 'directory', 'saml', 'oidc', 'theme', 'support']);
    const named = new Set(ids);
    for (const plan of await tiers()) expect(plan.featureIds.every((id) => named.has(id))).toBe(true);
  });

  it("give a tier's periods, and the tiers above it, to a signed-in caller only", async () => {
    const [free, professional, enterprise] = await tiers();
    const periods = await t.call('GET', `/api/billing/period_plan?tierPlanId=${professional!.id}`, { token });
    expect(periods.status).toBe(200);
    expect(periods.body).toEqual(professional!.periods);
    expect((await t.call('GET', `/api/billing/period_plan?tierPlanId=${professional!.id}`)).status).toBe(401);

    const higher = await t.call('GET', `/api/billing/payment_plan/higher_plan?tierPlanId=${free!.id}`, {
      token,
    });
    expect((higher.body as TierPlan[]).map((plan) => plan.name)).toEqual(['PROFESSIONAL', 'ENTERPRISE']);
    const top = await t.call('GET', `/api/billing/payment_plan/higher_plan?tierPlanId=${enterprise!.id}`, {
      token,
    });
    expect(top.body).toEqual([]);
  });

  it('answer 404 with a messageKey for a tier that does not exist', async () => {
    for (const id of [randomUUID(), 'not-a-tier']) {
      const answer = await t.call('GET', `/api/billing/period_plan?tierPlanId=${id}`, { token });
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({
        messageKey: 'error.billing.tierNotFound',
        message: 'This plan does not exist.',
      });
    }
  });

  it('are found by id, tiers and periods alike, unknown ids left out', async () => {
    const [, professional] = await tiers();
    const yearly = professional!.periods[1]!;
    const answer = await t.call('POST', '/api/billing/payment_plan/details', {
      token,
      json: { ids: [professional!.id, yearly.id, randomUUID(), 'nonsense'] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ tiers: [professional], periods: [yearly] });
  });

  it("keep an operator's change at the next start", async () => {
    await t.db.update(tierPlans).set({ pricePerUserMonth: 350 }).where(eq(tierPlans.tierPlanType, 'NORMAL'));
    await ensureSeed(t.db, t.config, () => undefined);
    const professional = (await tiers()).find((plan) => plan.tierPlanType === 'NORMAL');
    expect(professional?.pricePerUserMonth).toBe(350);
    expect(professional?.periods).toHaveLength(3);
  });
});
