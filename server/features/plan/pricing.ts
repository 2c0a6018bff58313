import type { Calculation } from '../../../contract/billing.ts';

/**
 * What a subscription costs (contract/billing.ts Calculation). Money is an integer in the currency's minor
 * unit; the only rounding is the proration of an edit, to the nearest minor unit.
 *
 * - total: price per user and month × users × the period's months;
 * - discount: the period's free months (× price × users), as a percentage of the total rounded to a whole;
 * - final: total − discount;
 * - trial: the first-time free months, added to the period of a customer's first paid subscription;
 * - an edit (remaining): the added users pay the period's final amount in proportion to the time that
 *   remains of the subscription's current period (more than one period once it was extended).
 */
export interface PriceInput {
  pricePerUserMonth: number;
  currency: string;
  periodCount: number;
  freeMonth: number;
  firstTimeFreeMonth: number;
  numberOfUsers: number;
  /** The first-time free months apply. */
  trial: boolean;
  /** An edit's added users, billed on the rest of the period. */
  remaining?: { remainingMs: number; periodMs: number };
}

export function priceOf(input: PriceInput): Calculation {
  const monthly = input.pricePerUserMonth * input.numberOfUsers;
  let totalAmount = monthly * input.periodCount;
  let finalAmount = monthly * (input.periodCount - input.freeMonth);
  if (input.remaining) {
    const { remainingMs, periodMs } = input.remaining;
    // An extension not yet begun leaves more than its period: the share may exceed 1.
    const share = periodMs > 0 ? Math.max(remainingMs / periodMs, 0) : 0;
    totalAmount = Math.round(totalAmount * share);
    finalAmount = Math.round(finalAmount * share);
  }
  return {
    currency: input.currency,
    totalAmount,
    discountAmount: totalAmount - finalAmount,
    discountPercent: input.periodCount > 0 ? Math.round((input.freeMonth * 100) / input.periodCount) : 0,
    finalAmount,
    trialTerm: input.trial && !input.remaining ? input.firstTimeFreeMonth : 0,
  };
}

/** `date` moved `months` calendar months later (the last day of a shorter month when the day is missing). */
export function addMonths(date: Date, months: number): Date {
  const next = new Date(date.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}
