export { formatMoney } from '../../components/money';

import type { TranslateFunction } from 'react-admin';
import type { TierPlan } from '../../../contract/billing';

/** A tier's name as users read it (docs/requirements/who-uses-it.md: NORMAL is shown as Professional). */
export const tierLabel = (translate: TranslateFunction, tier: Pick<TierPlan, 'tierPlanType'>) =>
  translate(`portal.home.tiers.${tier.tierPlanType}`);
