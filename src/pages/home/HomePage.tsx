import CheckIcon from '@mui/icons-material/Check';
import RemoveIcon from '@mui/icons-material/Remove';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Container,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useContext, useEffect, useMemo, useState } from 'react';
import { type DataProvider, DataProviderContext, useTranslate } from 'react-admin';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { PeriodPlan, ServiceFeature, TierPlan } from '../../../contract/billing';
import { usePageTitle } from '../../components/usePageTitle';
import { PUBLIC_BAND } from '../../layout/public/PublicCardPage';
import { PublicLayout } from '../../layout/public/PublicLayout';
import { isLive, sessionStore, useSession } from '../../session';
import { formatMoney, tierLabel } from './plans';

const ALL = { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' as const } };

/**
 * The tiers and the features (public calls). Read through the dataProvider itself: the public pages' light
 * shell has no query cache (src/Portal.tsx).
 */
const usePlans = () => {
  // The context itself: react-admin's useDataProvider needs a query client, which the light shell has not.
  const dataProvider = useContext(DataProviderContext) as DataProvider;
  const [state, setState] = useState<{
    tiers?: TierPlan[];
    features?: ServiceFeature[];
    isPending: boolean;
    error?: unknown;
  }>({ isPending: true });
  useEffect(() => {
    let current = true;
    Promise.all([
      dataProvider.getList<TierPlan>('payment_plan', ALL),
      dataProvider.getList<ServiceFeature>('service_feature', ALL),
    ])
      .then(
        ([tiers, features]) =>
          current && setState({ tiers: tiers.data, features: features.data, isPending: false }),
      )
      .catch((error: unknown) => current && setState({ isPending: false, error }));
    return () => {
      current = false;
    };
  }, [dataProvider]);
  return state;
};

/** The period of `tier` closest to `months` (a tier may not offer every length). */
const periodFor = (tier: TierPlan, months: number): PeriodPlan | undefined =>
  tier.periods.find((period) => period.periodCount === months) ??
  [...tier.periods].sort((a, b) => Math.abs(a.periodCount - months) - Math.abs(b.periodCount - months))[0];

/**
 * /home (docs/requirements/who-uses-it.md, docs/requirements/portal-states.md): the plans side by side with their features and a period choice, public
 * and signed in. Choosing a plan signed out keeps it in the session's buying marker and goes to sign-in,
 * which comes back to /home?tierId=…; signed in, it opens the subscription order at step 1.
 */
export const HomePage = () => {
  const translate = useTranslate();
  usePageTitle('portal.home.title');
  const navigate = useNavigate();
  const session = useSession();
  const signedIn = isLive(session);
  const [search] = useSearchParams();
  const pendingTier = search.get('tierId');
  const { tiers, features, isPending, error } = usePlans();
  const lengths = useMemo(
    () =>
      [...new Set((tiers ?? []).flatMap((tier) => tier.periods.map((period) => period.periodCount)))].sort(
        (a, b) => a - b,
      ),
    [tiers],
  );
  const [chosenMonths, setMonths] = useState<number | null>(null);
  const months = chosenMonths ?? (lengths.includes(12) ? 12 : (lengths[0] ?? 12));

  const choose = (tier: TierPlan) => {
    const period = periodFor(tier, months);
    if (!signedIn) {
      // Kept for the sign-in, which comes back here with the plan (docs/requirements/portal-states.md).
      sessionStore.set({ token: '', expiresAt: 0, buying: { isBuying: true, tierId: tier.id } });
      navigate('/login');
      return;
    }
    sessionStore.update({ buying: undefined });
    const query = new URLSearchParams({ tierId: tier.id, step: '1' });
    if (period) query.set('periodId', period.id);
    navigate(`/subscription?${query}`);
  };

  const pending = signedIn && pendingTier ? tiers?.find((tier) => tier.id === pendingTier) : undefined;
  // completePayment (docs/requirements/billing-services-screens.md): /home?orderId=…&tierId=…&step=2 continues that order's payment.
  const orderId = search.get('orderId');
  if (signedIn && orderId) {
    const query = new URLSearchParams({ orderId, step: '3' });
    if (pendingTier) query.set('tierId', pendingTier);
    return <Navigate to={`/subscription?${query}`} replace />;
  }

  return (
    <PublicLayout>
      <Box component="main" sx={{ flex: 1 }}>
        {/* The header is transparent on /home (docs/requirements/portal-routes-and-menus.md): it sits on the same band as the sign-in page's. */}
        <Box
          sx={{
            background: PUBLIC_BAND,
            color: 'common.white',
            pt: { xs: 11, md: 14 },
            pb: { xs: 4, md: 6 },
            px: 2,
            textAlign: 'center',
          }}
        >
          <Typography variant="h4" component="h1" gutterBottom>
            {translate('portal.home.title')}
          </Typography>
          <Typography sx={{ maxWidth: 720, mx: 'auto' }}>{translate('portal.home.intro')}</Typography>
        </Box>
        <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
          {pending && (
            <Alert
              severity="info"
              sx={{ mb: 3 }}
              action={
                <Button color="inherit" onClick={() => choose(pending)}>
                  {translate('portal.home.continue')}
                </Button>
              }
            >
              {translate('portal.home.pending', { plan: tierLabel(translate, pending) })}
            </Alert>
          )}
          {error ? (
            <Alert severity="warning">{translate('portal.home.loadFailed')}</Alert>
          ) : isPending ? (
            <Typography role="status">{translate('ra.page.loading')}</Typography>
          ) : (
            <>
              <Stack direction="row" sx={{ justifyContent: 'center', mb: 4 }}>
                <ToggleButtonGroup
                  exclusive
                  value={months}
                  onChange={(_, value: number | null) => value !== null && setMonths(value)}
                  aria-label={translate('portal.home.period')}
                >
                  {lengths.map((length) => (
                    <ToggleButton key={length} value={length}>
                      {translate('portal.home.months', { smart_count: length })}
                    </ToggleButton>
                  ))}
                </ToggleButtonGroup>
              </Stack>
              <Box
                sx={{
                  display: 'grid',
                  gap: 3,
                  gridTemplateColumns: { xs: '1fr', md: `repeat(${tiers?.length ?? 3}, 1fr)` },
                }}
              >
                {tiers?.map((tier) => {
                  const period = periodFor(tier, months);
                  const billed = period ? period.periodCount - period.freeMonth : 0;
                  return (
                    <Card
                      key={tier.id}
                      component="section"
                      aria-labelledby={`tier-${tier.id}`}
                      variant="outlined"
                      sx={{
                        display: 'flex',
                        flexDirection: 'column',
                        borderColor: tier.id === pendingTier ? 'primary.main' : undefined,
                        borderWidth: tier.id === pendingTier ? 2 : 1,
                      }}
                    >
                      <CardContent sx={{ flex: 1 }}>
                        <Typography id={`tier-${tier.id}`} variant="h5" component="h2">
                          {tierLabel(translate, tier)}
                        </Typography>
                        <Typography color="text.secondary" sx={{ minHeight: 48 }}>
                          {tier.description}
                        </Typography>
                        <Typography variant="h4" component="p" sx={{ mt: 2 }}>
                          {tier.pricePerUserMonth === 0
                            ? translate('portal.home.free')
                            : formatMoney(tier.pricePerUserMonth, tier.currency)}
                        </Typography>
                        {tier.pricePerUserMonth > 0 && (
                          <Typography color="text.secondary">
                            {translate('portal.home.perUserMonth')}
                          </Typography>
                        )}
                        {period && (
                          <Typography variant="body2" sx={{ mt: 1 }}>
                            {tier.pricePerUserMonth > 0
                              ? translate('portal.home.billed', {
                                  amount: formatMoney(tier.pricePerUserMonth * billed, tier.currency),
                                  months: translate('portal.home.months', {
                                    smart_count: period.periodCount,
                                  }),
                                })
                              : translate('portal.home.freeFor', {
                                  months: translate('portal.home.months', {
                                    smart_count: period.periodCount,
                                  }),
                                })}
                            {period.freeMonth > 0 &&
                              ` ${translate('portal.home.freeMonths', { smart_count: period.freeMonth })}`}
                          </Typography>
                        )}
                        <Typography variant="body2" color="text.secondary">
                          {translate('portal.home.minUsers', { smart_count: tier.minUser })}
                        </Typography>
                        <List dense aria-label={translate('portal.home.features')}>
                          {features?.map((feature) => {
                            const included = tier.featureIds.includes(feature.id);
                            return (
                              <ListItem key={feature.id} disableGutters>
                                <ListItemIcon sx={{ minWidth: 32 }}>
                                  {included ? (
                                    <CheckIcon
                                      color="success"
                                      titleAccess={translate('portal.home.included')}
                                    />
                                  ) : (
                                    <RemoveIcon
                                      color="disabled"
                                      titleAccess={translate('portal.home.notIncluded')}
                                    />
                                  )}
                                </ListItemIcon>
                                <ListItemText
                                  primary={feature.name}
                                  secondary={feature.description}
                                  slotProps={{
                                    primary: { color: included ? 'text.primary' : 'text.secondary' },
                                  }}
                                />
                              </ListItem>
                            );
                          })}
                        </List>
                      </CardContent>
                      <CardActions sx={{ p: 2 }}>
                        <Button variant="contained" fullWidth onClick={() => choose(tier)}>
                          {translate('portal.home.choose', { plan: tierLabel(translate, tier) })}
                        </Button>
                      </CardActions>
                    </Card>
                  );
                })}
              </Box>
            </>
          )}
        </Container>
      </Box>
    </PublicLayout>
  );
};
