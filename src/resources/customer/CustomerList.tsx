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
import { ActivationBulkActions, ActivationButton } from '../../components/ActivationButtons';
import { DoubleClickToOpen } from '../../components/DoubleClickToOpen';
import { EnterCustomerButton } from '../../components/EnterCustomerButton';
import { ListEmpty } from '../../components/ListEmpty';
import { ListError } from '../../components/ListError';
import { SmallScreenList } from '../../components/SmallScreenList';
import { StatusField } from '../../components/StatusField';
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
    <List
      error={<ListError />}
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
            primaryText={(record: Customer) => record.companyName}
            secondaryText={(record: Customer) => record.contactEmail}
            tertiaryText={<StatusField />}
            linkType="show"
          />
        }
      >
        <DoubleClickToOpen>
          <DataTable rowClick={false} bulkActionButtons={canModify ? <ActivationBulkActions /> : false}>
            <Column source="logo" disableSort>
              <LogoField />
            </Column>
            <Column source="companyName" />
            <Column source="contactEmail" />
            <Column source="contactPhone" />
            <Column source="createdDate">
              <DateField source="createdDate" locales="vi-VN" />
            </Column>
            <Column source="status">
              <StatusField />
            </Column>
            <Column label={false} disableSort align="right" sx={{ whiteSpace: 'nowrap' }}>
              <EditButton />
              <ActivationButton nameSource="companyName" />
              <EnterCustomerButton />
            </Column>
          </DataTable>
        </DoubleClickToOpen>
      </SmallScreenList>
    </List>
  );
};
