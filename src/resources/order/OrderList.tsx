import { DataTable, FunctionField, NumberField, SearchInput, SelectInput, useTranslate } from 'react-admin';
import { ORDER_STATUSES } from '../../../contract/billing';
import { StatusField } from '../../components/StatusField';
import { DateColumn } from '../../kit/dates';
import { ButtonsColumn, ResourceList } from '../../kit/ResourceList';
import { OrderActions } from './OrderActions';
import { formatAmount, monthChoices, type OrderRecord, useOrderScope } from './orderFields';

const STATUS_CHOICES = ORDER_STATUSES.map((id) => ({ id, name: `portal.status.${id}` }));
const Column = DataTable.Col<OrderRecord>;

/**
 * Orders (docs/requirements/billing-services-screens.md Orders list): company, users, created date, status and actions; filters status and
 * created month, and for an operator the company name. `showPath` is where a row opens (/order/{id}/show,
 * or /my-account/orders/{id}).
 */
export const OrderList = ({
  showPath = (id: string) => `/order/${id}/show`,
}: {
  showPath?: (id: string) => string;
}) => {
  const { operator, meta } = useOrderScope();
  const translate = useTranslate();
  const filters = [
    ...(operator
      ? [<SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.order.filters.q')} />]
      : []),
    <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
    <SelectInput
      key="month"
      source="month"
      label="resources.order.filters.month"
      choices={monthChoices()}
      alwaysOn
    />,
  ];
  return (
    <ResourceList<OrderRecord>
      resource="order"
      queryOptions={meta ? { meta } : undefined}
      filters={filters}
      sort={{ field: 'createdDate', order: 'DESC' }}
      actions={false}
      phone={{
        primaryText: (record) => record.companyName,
        secondaryText: (record) =>
          `${translate(`portal.home.tiers.${record.tierPaymentPlan.tierPlanType}`)} · ${translate('resources.order.usersCount', { smart_count: record.numberOfUsers })}`,
        tertiaryText: (record) => translate(`portal.status.${record.status}`),
        linkType: (record) => showPath(String(record.id)),
      }}
      rowClick={(id) => showPath(String(id))}
    >
      <Column source="companyName" />
      <Column source="tierPaymentPlan.name" label="resources.order.fields.plan" disableSort>
        <FunctionField
          render={(record: OrderRecord) =>
            translate(`portal.home.tiers.${record.tierPaymentPlan.tierPlanType}`)
          }
        />
      </Column>
      <Column source="numberOfUsers" align="right">
        <NumberField source="numberOfUsers" />
      </Column>
      <Column source="amount" disableSort align="right">
        <FunctionField
          source="amount"
          render={(record: OrderRecord) => formatAmount(record.amount, record.currency)}
        />
      </Column>
      <DateColumn source="createdDate" />
      <Column source="status" field={StatusField} />
      <ButtonsColumn>
        <OrderActions />
      </ButtonsColumn>
    </ResourceList>
  );
};
