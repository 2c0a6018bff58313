import { ListItem, List as MuiList } from '@mui/material';
import { FunctionField, NumberField, Show, SimpleShowLayout, TextField, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { StatusField } from '../../components/StatusField';
import { DateField, formatDate } from '../../kit/dates';
import { type SubscriptionRecord, tierKey } from './subscriptionFields';

/** /subscription/{id}: a subscription's plan, period, users, dates and token packs. */
export const SubscriptionDetail = () => {
  const { id } = useParams();
  const translate = useTranslate();
  return (
    <Show resource="subscription" id={id}>
      <SimpleShowLayout>
        <TextField source="companyName" />
        <FunctionField
          source="tierPlanType"
          label="resources.subscription.fields.plan"
          render={(record: SubscriptionRecord) => translate(tierKey(record))}
        />
        <TextField source="periodPaymentPlan.name" label="resources.subscription.fields.period" />
        <NumberField source="numberOfUsers" />
        <StatusField />
        <DateField source="startDate" />
        <FunctionField
          source="expireDate"
          render={(record: SubscriptionRecord) =>
            `${formatDate(record.expireDate)}${record.expiringSoon ? ` · ${translate('resources.subscription.expiringSoon')}` : ''}`
          }
        />
        <FunctionField
          source="tokenPacks"
          render={(record: SubscriptionRecord) => (
            <MuiList dense disablePadding>
              {record.tokenPacks?.map((pack) => (
                <ListItem key={pack.id} disableGutters>
                  {pack.name}
                </ListItem>
              ))}
            </MuiList>
          )}
        />
      </SimpleShowLayout>
    </Show>
  );
};
