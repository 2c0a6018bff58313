import { DataTable, EditButton, useCanAccess } from 'react-admin';
import { ActivationBulkActions, ActivationButton } from '../../components/ActivationButtons';
import { EnterCustomerButton } from '../../components/EnterCustomerButton';
import { StatusField } from '../../components/StatusField';
import { DateColumn } from '../../kit/dates';
import { ButtonsColumn, ResourceList, searchFilters } from '../../kit/ResourceList';
import { type Customer, STATUS_CHOICES } from './customerFields';
import { LogoField } from './LogoField';

const filters = searchFilters({ status: STATUS_CHOICES });

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
      <Column source="logo" disableSort field={LogoField} />
      <Column source="companyName" />
      <Column source="contactEmail" />
      <Column source="contactPhone" />
      <DateColumn source="createdDate" />
      <Column source="status" field={StatusField} />
      <ButtonsColumn>
        <EditButton />
        <ActivationButton nameSource="companyName" />
        <EnterCustomerButton />
      </ButtonsColumn>
    </ResourceList>
  );
};
