import StyleIcon from '@mui/icons-material/Style';
import { Avatar, Link } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { WizardStatus } from '../../../contract/tokenPack';
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

/** The subscription the pack serves, a link to its page (its id's first characters), or a dash. */
export const SubscriptionLinkField = (_: { label?: string; source?: string }) => {
  const record = useRecordContext<TokenPack>();
  const translate = useTranslate();
  if (!record) return null;
  if (!record.subscriptionId) return <span>—</span>;
  return (
    <Link
      component={RouterLink}
      to={`/subscription/${record.subscriptionId}`}
      onClick={(event) => event.stopPropagation()}
      title={record.subscriptionId}
      aria-label={translate(`${T}.subscriptionLink`, { id: record.subscriptionId })}
      sx={{ fontFamily: 'monospace' }}
    >
      {record.subscriptionId.slice(0, 8)}
    </Link>
  );
};

/** How many of the pack's services are usable. */
export const UsableServicesField = (_: { label?: string; source?: string }) => {
  const record = useRecordContext<TokenPack>();
  if (!record) return null;
  return <span>{record.serviceIds?.length ?? 0}</span>;
};
