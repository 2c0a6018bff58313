import { DataTable, EditButton, useCanAccess } from 'react-admin';
import { ActivationBulkActions } from '../../components/ActivationButtons';
import { StatusField } from '../../components/StatusField';
import { DateColumn } from '../../kit/dates';
import { ButtonsColumn, ResourceList, searchFilters } from '../../kit/ResourceList';
import { AccountActivationButton } from './AccountActivationButton';
import { type Account, STATUS_CHOICES, useAccountScope } from './accountFields';
import { RolesField } from './RolesField';

const filters = searchFilters({ status: STATUS_CHOICES });

const Column = DataTable.Col<Account>;

/**
 * /account: the administrator accounts of the provider (provider scope) or of the session's customer
 * (customer scope: the search always carries its customerId).
 */
export const AccountList = () => {
  const { customerId } = useAccountScope();
  const { canAccess: canModify } = useCanAccess({ resource: 'account', action: 'modify' });
  return (
    <ResourceList<Account>
      filter={customerId ? { customerId } : undefined}
      filters={filters}
      sort={{ field: 'createdDate', order: 'DESC' }}
      phone={{
        primaryText: (record) => record.email,
        secondaryText: (record) => `${record.firstName} ${record.lastName}`,
        tertiaryText: <StatusField />,
      }}
      doubleClick="edit"
      bulkActions={canModify ? <ActivationBulkActions /> : false}
    >
      <Column source="email" />
      <Column source="firstName" />
      <Column source="lastName" />
      <Column source="roles" disableSort field={RolesField} />
      <Column source="status" field={StatusField} />
      <DateColumn source="createdDate" />
      <ButtonsColumn>
        <EditButton />
        <AccountActivationButton />
      </ButtonsColumn>
    </ResourceList>
  );
};
