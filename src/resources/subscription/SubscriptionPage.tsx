import AddIcon from '@mui/icons-material/Add';
import { Button as MuiButton, Stack } from '@mui/material';
import type { MouseEvent } from 'react';
import { Button, DataTable, FunctionField, NumberField, useGetList, useTranslate } from 'react-admin';
import { Navigate, useNavigate } from 'react-router-dom';
import type { TierPlan } from '../../../contract/billing';
import { StatusField } from '../../components/StatusField';
import { TitledDialog } from '../../kit/DialogForm';
import { DateField, formatDate } from '../../kit/dates';
import { ResourceList } from '../../kit/ResourceList';
import { SCOPE, useSession } from '../../session';
import { CardsPanel } from './CardsPanel';
import { PurchaseDialog } from './PurchaseDialog';
import { type SubscriptionRecord, tierKey, usePurchaseQuery } from './subscriptionFields';

const Column = DataTable.Col<SubscriptionRecord>;
const ALL_TIERS = { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' as const } };

/** 'No subscription found!' with Cancel (back) and Subscribe (the plans, in a new tab). */
const NoSubscription = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <TitledDialog
      title="resources.subscription.none.title"
      explanation="resources.subscription.none.body"
      fullWidth={false}
      actions={
        <>
          <MuiButton onClick={() => navigate(-1)}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton variant="contained" onClick={() => window.open('/home', '_blank', 'noopener')}>
            {translate('resources.subscription.none.subscribe')}
          </MuiButton>
        </>
      }
    />
  );
};

/** The list's empty state: the dialog, unless a purchase is under way in the overlay. */
const Empty = () => {
  const query = usePurchaseQuery();
  return query.tierId || query.orderId ? null : <NoSubscription />;
};

/** Upgrade, extend and edit, each opening the overlay on this subscription. */
const ChangeButtons = ({ record }: { record: SubscriptionRecord }) => {
  const query = usePurchaseQuery();
  const { data: tiers } = useGetList<TierPlan>('payment_plan', ALL_TIERS);
  // An ended subscription may only be extended (from now); a cancelled one not at all.
  if (record.status === 'CANCELED') return null;
  const active = record.status === 'ACTIVE';
  // An upgrade opens on the next tier up.
  const index = tiers?.findIndex((tier) => tier.id === record.paymentPlanIds[0]) ?? -1;
  const higher = index >= 0 ? tiers?.[index + 1] : undefined;
  const open = (action: 'upgrade' | 'extend' | 'edit') => (event: MouseEvent) => {
    event.stopPropagation();
    query.set({
      action,
      subscriptionId: record.id,
      tierId: action === 'upgrade' ? higher?.id : record.paymentPlanIds[0],
      step: 1,
    });
  };
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      {higher && <Button label="resources.subscription.actions.upgrade" onClick={open('upgrade')} />}
      <Button label="resources.subscription.actions.extend" onClick={open('extend')} />
      {active && <Button label="resources.subscription.actions.edit" onClick={open('edit')} />}
    </Stack>
  );
};

/** The + Create button of the vendor original scope: the Professional tier at step 1. */
const CreateForVendor = () => {
  const session = useSession();
  const query = usePurchaseQuery();
  const { data: tiers } = useGetList<TierPlan>('payment_plan', ALL_TIERS);
  const professional = tiers?.find((tier) => tier.tierPlanType === 'NORMAL');
  if (session?.originalScope !== SCOPE.VENDOR || !professional) return null;
  return (
    <Button label="ra.action.create" onClick={() => query.set({ tierId: professional.id, step: 1 })}>
      <AddIcon />
    </Button>
  );
};

/**
 * /subscription (docs/requirements/billing-services-screens.md): the customer's subscriptions (company, plan, users, expiry, status, detail),
 * the purchase overlay when tierId or orderId is in the query, 'No subscription found!' when there is none;
 * a client_id in the query goes to /login with the same query.
 */
export const SubscriptionPage = () => {
  const query = usePurchaseQuery();
  const translate = useTranslate();
  const navigate = useNavigate();
  if (query.clientId) return <Navigate to={`/login?${query.search}`} replace />;
  const overlay = Boolean(query.tierId || query.orderId);
  return (
    <>
      <ResourceList<SubscriptionRecord>
        resource="subscription"
        sort={{ field: 'createdDate', order: 'DESC' }}
        empty={<Empty />}
        toolbar={<CreateForVendor />}
        phone={{
          primaryText: (record) => translate(tierKey(record)),
          secondaryText: (record) =>
            `${translate('resources.order.usersCount', { smart_count: record.numberOfUsers })} · ${formatDate(record.expireDate)}`,
          linkType: (record) => `/subscription/${record.id}`,
        }}
        rowClick={(id) => `/subscription/${id}`}
      >
        <Column source="companyName" />
        <Column source="tierPlanType" label="resources.subscription.fields.plan">
          <FunctionField
            source="tierPlanType"
            render={(record: SubscriptionRecord) => translate(tierKey(record))}
          />
        </Column>
        <Column source="numberOfUsers" disableSort align="right">
          <NumberField source="numberOfUsers" />
        </Column>
        <Column source="expireDate">
          <FunctionField
            source="expireDate"
            render={(record: SubscriptionRecord) => (
              <>
                <DateField source="expireDate" />
                {record.expiringSoon && ` · ${translate('resources.subscription.expiringSoon')}`}
              </>
            )}
          />
        </Column>
        <Column source="status" disableSort field={StatusField} />
        <Column label={false} disableSort align="right">
          <FunctionField
            render={(record: SubscriptionRecord) => (
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
                <ChangeButtons record={record} />
                <Button
                  label="resources.subscription.actions.detail"
                  onClick={(event) => {
                    event.stopPropagation();
                    navigate(`/subscription/${record.id}`);
                  }}
                />
              </Stack>
            )}
          />
        </Column>
      </ResourceList>
      <CardsPanel />
      {overlay && <PurchaseDialog />}
    </>
  );
};
