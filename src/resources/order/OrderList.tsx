import {
  DataTable,
  DateField,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  SimpleList,
  useTranslate,
} from 'react-admin';
import { ORDER_STATUSES } from '../../../contract/billing';
import { ListEmpty } from '../../components/ListEmpty';
import { ListError } from '../../components/ListError';
import { SmallScreenList } from '../../components/SmallScreenList';
import { StatusField } from '../../components/StatusField';
import { OrderActions } from './OrderActions';
import { formatAmount, monthChoices, type OrderRecord, useOrderScope } from './orderFields';

const STATUS_CHOICES = ORDER_STATUSES.map((id) => ({ id, name: `portal.status.${id}` }));
const Column = DataTable.Col<OrderRecord>;

/**
 * Orders (spec 02 §2 Orders list): company, users, created date, status and actions; filters status and
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
    <List
      error={<ListError />}
      resource="order"
      queryOptions={meta ? { meta } : undefined}
      filters={filters}
      sort={{ field: 'createdDate', order: 'DESC' }}
      empty={<ListEmpty />}
      exporter={false}
      actions={false}
    >
      <SmallScreenList
        small={
          <SimpleList
            primaryText={(record: OrderRecord) => record.companyName}
            secondaryText={(record: OrderRecord) =>
              `${translate(`portal.home.tiers.${record.tierPaymentPlan.tierPlanType}`)} · ${translate('resources.order.usersCount', { smart_count: record.numberOfUsers })}`
            }
            tertiaryText={(record: OrderRecord) => translate(`portal.status.${record.status}`)}
            linkType={(record) => showPath(String(record.id))}
          />
        }
      >
        <DataTable rowClick={(id) => showPath(String(id))} bulkActionButtons={false}>
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
          <Column source="createdDate">
            <DateField source="createdDate" locales="vi-VN" />
          </Column>
          <Column source="status">
            <StatusField />
          </Column>
          <Column label={false} disableSort align="right" sx={{ whiteSpace: 'nowrap' }}>
            <OrderActions />
          </Column>
        </DataTable>
      </SmallScreenList>
    </List>
  );
};
