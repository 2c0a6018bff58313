import { Alert, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import {
  Button,
  Form,
  NumberInput,
  useDataProvider,
  useGetList,
  useGetOne,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { type Calculation, NUMBER_OF_USERS, type Order, type TierPlan } from '../../../contract/billing';
import { formatMoney } from '../../components/money';
import { UserPicker } from '../../components/UserPicker';
import { TitledDialog } from '../../kit/DialogForm';
import { errorNotification } from '../../kit/notifyError';
import { useSession } from '../../session';
import { CardPayment } from './CardPayment';
import { type SubscriptionRecord, tierKey, usePurchaseQuery } from './subscriptionFields';

const ALL = { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' as const } };

/**
 * The purchase overlay of /subscription (docs/requirements/billing-services-screens.md, docs/requirements/billing-services-states.md): step 1 the period, the users (and, for an
 * extension or an edit, the current active users); step 2 Review Subscription with Place Order; then a
 * Professional order is paid by card (or later), and done shows the thank-you.
 */
export const PurchaseDialog = () => {
  const query = usePurchaseQuery();
  const translate = useTranslate();
  const { data: tiers } = useGetList<TierPlan>('payment_plan', ALL);
  const { data: held } = useGetOne<SubscriptionRecord>(
    'subscription',
    { id: query.subscriptionId ?? '' },
    { enabled: Boolean(query.subscriptionId) },
  );
  const { data: order, refetch: refetchOrder } = useGetOne<Order>(
    'order',
    { id: query.orderId ?? '' },
    { enabled: Boolean(query.orderId) },
  );
  const tierId = query.tierId ?? order?.paymentPlanIds[0] ?? held?.paymentPlanIds[0];
  const tier = tiers?.find((one) => one.id === tierId);
  const title = query.action
    ? 'resources.subscription.titles.upgrade'
    : 'resources.subscription.titles.create';
  const refresh = useRefresh();
  /** An extension below the active users: the users it deactivates (kept across the steps). */
  const [removeUsers, setRemoveUsers] = useState<string[]>([]);
  /** Closing returns to /subscription, whose list may have changed (an order approved, paid). */
  const close = () => {
    refresh();
    query.close();
  };

  return (
    <TitledDialog
      title={
        query.done
          ? 'resources.subscription.thanks.title'
          : query.step === 2
            ? 'resources.subscription.review'
            : title
      }
      onClose={close}
      fullScreenOnPhone
      actions={<Button label="ra.action.close" onClick={close} />}
    >
      {query.done ? (
        <ThankYou order={order} />
      ) : !tier ? (
        <Typography role="status">{translate('ra.page.loading')}</Typography>
      ) : query.step === 1 ? (
        <StepOne tier={tier} held={held} removeUsers={removeUsers} setRemoveUsers={setRemoveUsers} />
      ) : query.step === 2 ? (
        <StepTwo tier={tier} held={held} removeUsers={removeUsers} />
      ) : (
        query.orderId && (
          <CardPayment
            orderId={query.orderId}
            onPaid={() => {
              // The order is approved now: the thank-you reads it again.
              void refetchOrder();
              query.set({ done: 'true', step: undefined });
            }}
          />
        )
      )}
    </TitledDialog>
  );
};

/** The number of users' rule: a whole number, above the subscription's (an edit), the plan's minimum, the maximum. */
const usersRule =
  (tier: TierPlan, editedFrom?: number) =>
  (value: unknown): string | { message: string; args: Record<string, unknown> } | undefined => {
    const count = Number(value ?? 0);
    if (!Number.isInteger(count)) return 'resources.subscription.usersInvalid';
    if (editedFrom !== undefined && count <= editedFrom)
      return { message: 'error.billing.order.lessThanCurrentNumberOfUser', args: { currUser: editedFrom } };
    if (count < tier.minUser)
      return { message: 'error.billing.order.minNumberOfUser', args: { minUser: tier.minUser } };
    if (count > NUMBER_OF_USERS.max)
      return { message: 'resources.subscription.usersMax', args: { max: NUMBER_OF_USERS.max } };
    return undefined;
  };

/** What step 1 is given: the tier, the subscription held (extend, edit) and the users it removes. */
interface StepOneProps {
  tier: TierPlan;
  held?: SubscriptionRecord;
  removeUsers: string[];
  setRemoveUsers: (ids: string[]) => void;
}

/** Step 1: the period tiles, the current active users (extend, edit) and the number of users. */
const StepOne = (props: StepOneProps) => {
  const { tier, held } = props;
  const query = usePurchaseQuery();
  const editing = query.action === 'edit';
  const minimum = editing && held ? held.numberOfUsers + 1 : tier.minUser;
  return (
    <Form
      mode="onChange"
      noValidate
      defaultValues={{ numberOfUsers: query.numberOfUsers ?? Math.max(NUMBER_OF_USERS.default, minimum) }}
    >
      <StepOneFields {...props} />
    </Form>
  );
};

const StepOneFields = ({ tier, held, removeUsers, setRemoveUsers }: StepOneProps) => {
  const [picking, setPicking] = useState(false);
  const query = usePurchaseQuery();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const editing = query.action === 'edit';
  const fixedPeriod = editing && held ? held.paymentPlanIds[1] : undefined;
  const [periodId, setPeriodId] = useState(query.periodId ?? fixedPeriod ?? tier.periods[0]?.id ?? '');
  const minimum = editing && held ? held.numberOfUsers + 1 : tier.minUser;
  const validate = useMemo(
    () => usersRule(tier, editing && held ? held.numberOfUsers : undefined),
    [tier, editing, held],
  );
  const count = Number(useWatch({ name: 'numberOfUsers' }) ?? 0);
  const { isValid } = useFormState();
  const [active, setActive] = useState<number | null>(null);
  useEffect(() => {
    if (!(query.action === 'extend' || editing) || !query.subscriptionId) return;
    dataProvider
      .countActiveUsers('users', { subscriptionId: query.subscriptionId })
      .then(({ data }: { data: { count?: number } | number }) =>
        setActive(typeof data === 'number' ? data : (data?.count ?? null)),
      )
      .catch(() => setActive(null));
  }, [dataProvider, query.action, query.subscriptionId, editing]);

  // docs/requirements/billing-services-states.md: an extension to fewer users than the subscription and the active users names who goes.
  const needed =
    query.action === 'extend' && held && active !== null && count < held.numberOfUsers ? active - count : 0;
  const missingRemovals = needed > 0 && removeUsers.length < needed;

  return (
    <>
      <Stack spacing={3} sx={{ pt: 1 }}>
        <Typography variant="h6" component="p">
          {translate(tierKey(tier))}
        </Typography>
        {!editing && (
          <ToggleButtonGroup
            exclusive
            value={periodId}
            onChange={(_, value: string | null) => value && setPeriodId(value)}
            aria-label={translate('portal.home.period')}
            sx={{ flexWrap: 'wrap' }}
          >
            {tier.periods.map((period) => (
              <ToggleButton key={period.id} value={period.id}>
                {translate('portal.home.months', { smart_count: period.periodCount })}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
        {active !== null && (
          <Typography>
            {translate('resources.subscription.currentActiveUsers')}: <strong>{active}</strong>
          </Typography>
        )}
        <NumberInput
          source="numberOfUsers"
          label="resources.subscription.numberOfUsers"
          min={minimum}
          max={NUMBER_OF_USERS.max}
          step={1}
          validate={validate}
          isRequired
        />
        {needed > 0 && (
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Typography role="status">
              {translate('resources.subscription.remove.needed', { smart_count: needed })}{' '}
              {removeUsers.length > 0 &&
                translate('resources.subscription.remove.chosen', { smart_count: removeUsers.length })}
            </Typography>
            <Button
              label="resources.subscription.remove.choose"
              variant="outlined"
              onClick={() => setPicking(true)}
            />
          </Stack>
        )}
        {picking && (
          <UserPicker
            title="resources.subscription.remove.choose"
            hint="resources.subscription.remove.hint"
            atLeast={needed}
            initial={removeUsers}
            onSelect={(ids) => {
              setRemoveUsers(ids);
              setPicking(false);
            }}
            onClose={() => setPicking(false)}
          />
        )}
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button
          variant="contained"
          label="resources.subscription.actions.next"
          disabled={!isValid || !periodId || missingRemovals}
          onClick={() => query.set({ step: 2, periodId, numberOfUsers: count })}
        />
      </Stack>
    </>
  );
};

/** Step 2: Review Subscription (the calculation) with Place Order and back. */
const StepTwo = ({
  tier,
  held,
  removeUsers,
}: {
  tier: TierPlan;
  held?: SubscriptionRecord;
  removeUsers: string[];
}) => {
  const query = usePurchaseQuery();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const session = useSession();
  const customerId = session?.customerId ?? '';
  const period = tier.periods.find((one) => one.id === query.periodId) ?? tier.periods[0];
  const users = query.numberOfUsers ?? tier.minUser;
  const editing = query.action === 'edit';
  const [price, setPrice] = useState<Calculation | null>(null);
  const [placing, setPlacing] = useState(false);

  useEffect(() => {
    if (!period) return;
    const data =
      editing && held
        ? {
            customerId,
            numberOfUsers: users - held.numberOfUsers,
            paymentPlanIds: held.paymentPlanIds,
            calculateOnRemainingTime: true,
            subscriptionId: held.id,
          }
        : {
            customerId,
            numberOfUsers: users,
            paymentPlanIds: [tier.id, period.id],
            ...(query.action === 'extend' ? { applyTrial: false } : {}),
          };
    dataProvider
      .calculate('subscription', { data })
      .then(({ data: answer }: { data: Calculation }) => setPrice(answer))
      .catch((error: unknown) => notify(...errorNotification(error)));
  }, [dataProvider, notify, customerId, users, tier.id, period, editing, held, query.action]);

  const place = async () => {
    if (!period) return;
    setPlacing(true);
    try {
      const base = { customerId, numberOfUsers: users };
      let placed: Order;
      if (editing && held) {
        placed = (
          await dataProvider.update('subscription', {
            id: held.id,
            data: { ...base, subscriptionId: held.id },
            previousData: held,
          })
        ).data as unknown as Order;
      } else if (query.action === 'upgrade' || query.action === 'extend') {
        placed = (
          await dataProvider[query.action]('subscription', {
            data: {
              ...base,
              paymentPlanIds: [tier.id, period.id],
              subscriptionId: query.subscriptionId,
              ...(query.action === 'extend' && removeUsers.length > 0 ? { removeUsers } : {}),
            },
          })
        ).data as Order;
      } else {
        placed = (
          await dataProvider.create('order', { data: { ...base, paymentPlanIds: [tier.id, period.id] } })
        ).data as unknown as Order;
      }
      const payByCard = placed.status === 'SUBMITTED' && placed.tierPaymentPlan.tierPlanType === 'NORMAL';
      query.set(
        payByCard ? { orderId: placed.id, step: 3 } : { orderId: placed.id, done: 'true', step: undefined },
      );
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setPlacing(false);
    }
  };

  const money = (amount: number) => formatMoney(amount, price?.currency ?? tier.currency);
  return (
    <>
      <Stack spacing={1} sx={{ pt: 1 }}>
        <Typography>
          {translate(tierKey(tier))} ·{' '}
          {period && translate('portal.home.months', { smart_count: period.periodCount })} ·{' '}
          {translate('resources.order.usersCount', { smart_count: users })}
        </Typography>
        {price ? (
          <dl style={{ margin: 0 }}>
            <Row label="resources.subscription.price.total" value={money(price.totalAmount)} />
            <Row
              label="resources.subscription.price.discount"
              value={`${money(price.discountAmount)} (${price.discountPercent}%)`}
            />
            {price.trialTerm > 0 && (
              <Row
                label="resources.subscription.price.trial"
                value={translate('resources.order.trialMonths', { smart_count: price.trialTerm })}
              />
            )}
            <Row label="resources.subscription.price.final" value={money(price.finalAmount)} strong />
          </dl>
        ) : (
          <Typography role="status">{translate('ra.page.loading')}</Typography>
        )}
        {price && price.trialTerm > 0 && (
          <Typography variant="body2" color="text.secondary">
            {translate('resources.subscription.price.trialHint', { smart_count: price.trialTerm })}
          </Typography>
        )}
      </Stack>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button label="ra.action.back" onClick={() => query.set({ step: 1 })} />
        <Button
          variant="contained"
          label="resources.subscription.actions.placeOrder"
          disabled={placing || !price}
          onClick={() => void place()}
        />
      </Stack>
    </>
  );
};

const Row = ({ label, value, strong }: { label: string; value: string; strong?: boolean }) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', fontWeight: strong ? 700 : 400 }}>
      <dt>{translate(label)}</dt>
      <dd style={{ margin: 0 }}>{value}</dd>
    </Stack>
  );
};

/** done=true: the thank-you (docs/requirements/billing-services-screens.md), with the dashboard once the plan is free or approved. */
const ThankYou = ({ order }: { order?: Order }) => {
  const translate = useTranslate();
  const approved = order?.status === 'APPROVED';
  return approved ? (
    <Stack spacing={2}>
      <Typography>{translate('resources.subscription.thanks.approved')}</Typography>
      <Link to="/report">{translate('portal.menu.dashboard')}</Link>
    </Stack>
  ) : (
    <Stack spacing={2}>
      <Alert severity="info">{translate('resources.subscription.thanks.notApproved')}</Alert>
      <Link to="/my-account/orders">{translate('portal.menu.myOrders')}</Link>
    </Stack>
  );
};
