import { Box, Grid, Stack, Typography } from '@mui/material';
import { type ReactNode, useMemo, useState } from 'react';
import { Title, useGetIdentity, usePermissions, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import {
  type DashboardUid,
  DEFAULT_REPORT_UNIT,
  PANEL_GRANTS,
  type ReportPanel,
} from '../../../contract/report';
import { usePageTitle } from '../../components/usePageTitle';
import { SCOPE, type Session, useSession } from '../../session';
import { CountsPanel, FiguresPanel, type PanelScope, SignInsPanel, SubscriptionPanel } from './Panels';
import { RangePicker } from './RangePicker';
import { choiceOf, momentsOf, type RangeChoice, searchOf } from './range';

const T = 'portal.dashboard';

/**
 * Which dashboard the session sees: its customer's (a customer's account, or an operator inside a customer),
 * the provider's (an operator in the provider scope), or none.
 */
export const dashboardOf = (session: Session | null): DashboardUid | null => {
  if (session?.customerId) return 'customer';
  if (session?.originalScope === SCOPE.PROVIDER || session?.currentScope === SCOPE.PROVIDER)
    return 'provider';
  return null;
};

/** Who is signed in, in which scope and customer: one compact line under the welcome. */
const Header = ({ session }: { session: Session | null }) => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const user = session?.user;
  const item = (label: string, value: string, testId?: string) => (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Stack spacing={0.5}>
      <Typography variant="h4" component="h1">
        {translate(`${T}.welcome`, { name: identity?.fullName ?? user?.username ?? '' })}
      </Typography>
      <Stack
        component="dl"
        direction="row"
        useFlexGap
        spacing={{ xs: 0.5, sm: 3 }}
        sx={{ flexWrap: 'wrap', m: 0 }}
      >
        {user?.email ? item(translate(`${T}.signedInAs`), user.email) : null}
        {item(
          translate(`${T}.scope`),
          session?.currentScope ? translate(`portal.scope.${session.currentScope}`) : '',
          'current-scope',
        )}
        {session?.customerId && session.customerName
          ? item(translate(`${T}.customer`), session.customerName)
          : null}
      </Stack>
    </Stack>
  );
};

/** The reporting range the address holds, anchored at the moment it was chosen (or the page opened). */
const useReportingRange = () => {
  const [search, setSearch] = useSearchParams();
  const choice = choiceOf(search);
  const key = JSON.stringify(choice);
  const [anchor, setAnchor] = useState(() => ({ key, now: new Date() }));
  // A choice made elsewhere (back and forward in the history) is anchored at the moment it is read.
  const now = anchor.key === key ? anchor.now : new Date();
  if (anchor.key !== key) setAnchor({ key, now });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the choice is what `key` says.
  const moments = useMemo(() => momentsOf(choice, now), [key, now]);
  const change = (next: RangeChoice) => {
    setAnchor({ key: JSON.stringify(next), now: new Date() });
    setSearch(searchOf(next));
  };
  return { choice, moments, change, key: `${key}@${now.getTime()}` };
};

/**
 * Whether the session may read a panel: one of the panel's grants (contract/report.ts PANEL_GRANTS, which
 * the server enforces) among its permissions, held by an account of the grant's scope.
 */
export const mayReadPanel = (session: Session | null, permissions: unknown, panel: ReportPanel): boolean => {
  const held = Array.isArray(permissions) ? (permissions as string[]) : [];
  const operator = session?.originalScope === SCOPE.PROVIDER;
  return PANEL_GRANTS[panel].some(
    (grant) =>
      held.includes(grant.permission) && (!('scope' in grant) || (grant.scope === 'provider') === operator),
  );
};

/** A panel a third of the row wide on a desktop, half on a tablet, the whole row on a phone. */
const third = (panel: ReactNode) => <Grid size={{ xs: 12, md: 6, lg: 4 }}>{panel}</Grid>;

/** /report: the welcome line and the dashboard's panels, each read on its own (docs/requirements/billing-services-data-calls.md Dashboards). */
export const Dashboard = () => {
  const translate = useTranslate();
  usePageTitle(`${T}.title`);
  const session = useSession();
  const dashboard = dashboardOf(session);
  const range = useReportingRange();
  const scope: PanelScope | null = dashboard ? { dashboard, customerId: session?.customerId ?? null } : null;
  const { permissions } = usePermissions();
  /** The panel where the session may read it (else nothing: the server would refuse it). */
  const readable = (panel: ReportPanel, node: ReactNode) =>
    mayReadPanel(session, permissions, panel) ? node : null;
  const title = (panel: string) => translate(`${T}.panels.${panel}`);
  const empty = (key: string, to?: string) => ({
    text: translate(`${T}.empty.${key}`),
    ...(to ? { to, action: translate(`${T}.empty.${key}Action`) } : {}),
  });
  /** A panel of figures, titled as its panel. */
  const figures = (panelScope: PanelScope, panel: ReportPanel, emptyState: ReturnType<typeof empty>) => (
    <FiguresPanel scope={panelScope} panel={panel} title={title(panel)} empty={emptyState} />
  );
  /** A panel of counts by `column`, titled as its panel. */
  const counts = (
    panelScope: PanelScope,
    panel: ReportPanel,
    column: 'status' | 'tier',
    emptyState: ReturnType<typeof empty>,
  ) => (
    <CountsPanel scope={panelScope} panel={panel} title={title(panel)} column={column} empty={emptyState} />
  );
  const signIns = scope ? (
    <SignInsPanel
      scope={scope}
      title={title(scope.dashboard === 'provider' ? 'providerSignIns' : 'sign-ins')}
      range={range.moments}
      picker={
        <RangePicker
          key={range.key}
          choice={range.choice}
          moments={range.moments}
          onChange={range.change}
          onReset={() => range.change({ kind: 'unit', unit: DEFAULT_REPORT_UNIT })}
        />
      }
    />
  ) : null;

  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 2, minWidth: 0 }}>
      <Title title={`${T}.title`} />
      <Header session={session} />
      {scope ? (
        <Grid container spacing={2}>
          {scope.dashboard === 'customer' ? (
            <>
              {readable('users', third(figures(scope, 'users', empty('users', '/ldap'))))}
              {readable(
                'subscription',
                third(<SubscriptionPanel scope={scope} title={title('subscription')} />),
              )}
              {readable(
                'services',
                third(counts(scope, 'services', 'status', empty('services', '/service-launch'))),
              )}
              {readable('sign-ins', <Grid size={{ xs: 12, lg: 8 }}>{signIns}</Grid>)}
              {readable(
                'activation-codes',
                third(
                  counts(scope, 'activation-codes', 'status', empty('activationCodes', '/token-pack-v2')),
                ),
              )}
            </>
          ) : (
            <>
              {readable('customers', third(figures(scope, 'customers', empty('customers', '/customer'))))}
              {readable('orders', third(counts(scope, 'orders', 'status', empty('orders'))))}
              {readable(
                'subscriptions',
                third(counts(scope, 'subscriptions', 'tier', empty('subscriptions'))),
              )}
              {readable('sign-ins', <Grid size={12}>{signIns}</Grid>)}
            </>
          )}
        </Grid>
      ) : null}
    </Stack>
  );
};
