import {
  CreateButton,
  DataTable,
  DateField,
  EditButton,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useCanAccess,
} from 'react-admin';
import { ActivationBulkActions } from '../../components/ActivationButtons';
import { DoubleClickToOpen } from '../../components/DoubleClickToOpen';
import { ListEmpty } from '../../components/ListEmpty';
import { ListError } from '../../components/ListError';
import { SmallScreenList } from '../../components/SmallScreenList';
import { StatusField } from '../../components/StatusField';
import { AccountActivationButton } from './AccountActivationButton';
import { type Account, STATUS_CHOICES, useAccountScope } from './accountFields';
import { RolesField } from './RolesField';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
];

const Column = DataTable.Col<Account>;

/**
 * /account: the administrator accounts of the provider (provider scope) or of the session's customer
 * (customer scope: the search always carries its customerId).
 */
export const AccountList = () => {
  const { customerId } = useAccountScope();
  const { canAccess: canModify } = useCanAccess({ resource: 'account', action: 'modify' });
  return (
    <List
      error={<ListError />}
      filter={customerId ? { customerId } : undefined}
      filters={filters}
      sort={{ field: 'createdDate', order: 'DESC' }}
      empty={<ListEmpty />}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <SmallScreenList
        small={
          <SimpleList
            primaryText={(record: Account) => record.email}
            secondaryText={(record: Account) => `${record.firstName} ${record.lastName}`}
            tertiaryText={<StatusField />}
            linkType="show"
          />
        }
      >
        <DoubleClickToOpen>
          <DataTable rowClick={false} bulkActionButtons={canModify ? <ActivationBulkActions /> : false}>
            <Column source="email" />
            <Column source="firstName" />
            <Column source="lastName" />
            <Column source="roles" disableSort>
              <RolesField />
            </Column>
            <Column source="status">
              <StatusField />
            </Column>
            <Column source="createdDate">
              <DateField source="createdDate" locales="vi-VN" />
            </Column>
            <Column label={false} disableSort align="right" sx={{ whiteSpace: 'nowrap' }}>
              <EditButton />
              <AccountActivationButton />
            </Column>
          </DataTable>
        </DoubleClickToOpen>
      </SmallScreenList>
    </List>
  );
};
