import { DataTable, EditButton, SearchInput, SelectInput, useCanAccess } from 'react-admin';
import { ActivationBulkActions, ActivationButton } from '../../components/ActivationButtons';
import { EnterCustomerButton } from '../../components/EnterCustomerButton';
import { StatusField } from '../../components/StatusField';
import { DateColumn } from '../../kit/dates';
import { ResourceList } from '../../kit/ResourceList';
import { type Customer, STATUS_CHOICES } from './customerFields';
import { LogoField } from './LogoField';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
];

const Column = DataTable.Col<Customer>;

/** /customer: the provider's customers, searchable, sortable, paginated with totals. */
export const CustomerList = () => {
  const { canAccess: canModify } = useCanAccess({ resource: 'customer', action: 'modify' });
  return (
    <ResourceList<Customer>
      filters={filters}
      sort={{ field: 'createdDate', order: 'DESC' }}
      phone={{
        primaryText: (record) => record.companyName,
        secondaryText: (record) => record.contactEmail,
        tertiaryText: <StatusField />,
      }}
      doubleClick="edit"
      bulkActions={canModify ? <ActivationBulkActions /> : false}
    >
      <Column source="logo" disableSort>
        <LogoField />
      </Column>
      <Column source="companyName" />
      <Column source="contactEmail" />
      <Column source="contactPhone" />
      <DateColumn source="createdDate" />
      <Column source="status">
        <StatusField />
      </Column>
      <Column label={false} disableSort align="right" sx={{ whiteSpace: 'nowrap' }}>
        <EditButton />
        <ActivationButton nameSource="companyName" />
        <EnterCustomerButton />
      </Column>
    </ResourceList>
  );
};
