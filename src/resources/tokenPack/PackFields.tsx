import StyleIcon from '@mui/icons-material/Style';
import { Avatar, Link } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { SubscriptionPlan, WizardStatus } from '../../../contract/tokenPack';
import { StateChip } from '../../kit/StateChip';
import { T, type TokenPack } from './tokenPackFields';

/** The pack's icon, or the token pack symbol when it has none (decorative: the name is beside it). */
export const PackIcon = ({ pack, size = 32 }: { pack: TokenPack; size?: number }) => (
  <Avatar
    src={pack.iconUrl ?? undefined}
    alt=""
    variant="rounded"
    sx={{ width: size, height: size, bgcolor: pack.iconUrl ? 'transparent' : undefined }}
  >
    <StyleIcon fontSize="small" aria-hidden />
  </Avatar>
);

/** The name with the icon before it. */
export const NameWithIconField = (_: { label?: string; source?: string }) => {
  const record = useRecordContext<TokenPack>();
  if (!record) return null;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <PackIcon pack={record} />
      <span>{record.name}</span>
    </span>
  );
};

const WIZARD_COLOUR: Record<WizardStatus, 'info' | 'warning' | 'success'> = {
  NEW: 'info',
  TOUCHED: 'warning',
  COMPLETED: 'success',
};

/** The setup wizard's status as a chip: New, Touched, Completed. */
export const WizardStatusField = (_: { label?: string; source?: string }) => (
  <StateChip<TokenPack>
    text={(record) => `portal.status.${record.wizardStatus}`}
    color={(record) => WIZARD_COLOUR[record.wizardStatus]}
    outlined
    showFor={(record) => Boolean(record.wizardStatus)}
  />
);

/** A subscription's plan as it reads: "Professional, 12 months" (the tier's name in the catalogue's words). */
export const usePlanText = () => {
  const translate = useTranslate();
  return (plan: SubscriptionPlan) =>
    translate(`${T}.subscriptionPlan`, {
      tier: translate(`portal.home.tiers.${plan.tierPlanType}`, { _: plan.tierName }),
      period: plan.periodName,
    });
};

/** The subscription the pack serves, by its plan and period, a link to its page (its id in the tooltip), or a dash. */
export const SubscriptionLinkField = (_: { label?: string; source?: string }) => {
  const record = useRecordContext<TokenPack>();
  const planText = usePlanText();
  if (!record) return null;
  if (!record.subscriptionId) return <span>—</span>;
  return (
    <Link
      component={RouterLink}
      to={`/subscription/${record.subscriptionId}`}
      onClick={(event) => event.stopPropagation()}
      title={record.subscriptionId}
    >
      {record.subscriptionPlan ? planText(record.subscriptionPlan) : record.subscriptionId}
    </Link>
  );
};

/** How many of the pack's services are usable. */
export const UsableServicesField = (_: { label?: string; source?: string }) => {
  const record = useRecordContext<TokenPack>();
  if (!record) return null;
  return <span>{record.serviceIds?.length ?? 0}</span>;
};
