import {
  BooleanField,
  FunctionField,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { StatusField } from '../../components/StatusField';
import { DateField } from '../../kit/dates';
import { OrderActions } from './OrderActions';
import { formatAmount, type OrderRecord, useOrderScope } from './orderFields';

/** An order: its plan, users, amount and state, what its approval made, and its action. */
export const OrderShow = ({ id }: { id?: string }) => {
  const { meta } = useOrderScope();
  const translate = useTranslate();
  return (
    <Show
      resource="order"
      id={id}
      queryOptions={meta ? { meta } : undefined}
      actions={
        <TopToolbar>
          <OrderActions />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="companyName" />
        <FunctionField
          source="action"
          render={(record: OrderRecord) => translate(`resources.order.kinds.${record.action}`)}
        />
        <StatusField />
        <FunctionField
          label="resources.order.fields.plan"
          render={(record: OrderRecord) =>
            translate(`portal.home.tiers.${record.tierPaymentPlan.tierPlanType}`)
          }
        />
        <TextField source="periodPaymentPlan.name" label="resources.order.fields.period" />
        <NumberField source="numberOfUsers" />
        <FunctionField
          source="amount"
          render={(record: OrderRecord) => formatAmount(record.amount, record.currency)}
        />
        <FunctionField
          source="trialTerm"
          render={(record: OrderRecord) =>
            record.trialTerm > 0
              ? translate('resources.order.trialMonths', { smart_count: record.trialTerm })
              : '—'
          }
        />
        <BooleanField source="paid" />
        <TextField source="tokenPackName" emptyText="—" />
        <DateField source="createdDate" showTime />
        <DateField source="closedDate" showTime emptyText="—" />
        <TextField source="notes" emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
};
