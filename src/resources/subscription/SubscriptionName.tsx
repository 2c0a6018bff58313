import { useRecordContext, useTranslate } from 'react-admin';
import type { Subscription } from '../../../contract/billing';

/**
 * How a subscription is named where another screen shows it (its record representation): its plan and
 * period, "Professional, 12 months", never its id.
 */
export const SubscriptionName = () => {
  const record = useRecordContext<Subscription>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <>
      {translate('resources.subscription.planName', {
        tier: translate(`portal.home.tiers.${record.tierPlanType}`, { _: record.tierPaymentPlan.name }),
        period: record.periodPaymentPlan.name,
      })}
    </>
  );
};
