import {
  CreateButton,
  DataTable,
  DateField,
  DeleteWithConfirmButton,
  EditButton,
  List,
  SearchInput,
  SimpleList,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DoubleClickToOpen } from '../../components/DoubleClickToOpen';
import { ListEmpty } from '../../components/ListEmpty';
import { SmallScreenList } from '../../components/SmallScreenList';
import type { Saml2 } from './saml2Fields';

const filters = [<SearchInput key="q" source="q" alwaysOn />];
const Column = DataTable.Col<Saml2>;

export const Saml2DeleteButton = () => {
  const record = useRecordContext<Saml2>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <DeleteWithConfirmButton
      confirmTitle={translate('resources.saml2.delete.title', { name: record.providerName })}
      confirmContent="resources.saml2.delete.content"
      mutationMode="pessimistic"
    />
  );
};

/** /saml2: the customer's SAML 2.0 connectors. */
export const Saml2List = () => {
  const { canAccess: canDelete } = useCanAccess({ resource: 'saml2', action: 'delete' });
  return (
    <List
      filters={filters}
      sort={{ field: 'providerName', order: 'ASC' }}
      empty={<ListEmpty />}
      exporter={false}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <SmallScreenList
        small={
          <SimpleList
            primaryText={(record: Saml2) => record.providerName}
            secondaryText={(record: Saml2) => record.uname}
            linkType="show"
          />
        }
      >
        <DoubleClickToOpen>
          <DataTable rowClick={false} bulkActionButtons={false}>
            <Column source="providerName" />
            <Column source="uname" />
            <Column source="entityId" sx={{ overflowWrap: 'anywhere' }} />
            <Column source="createdDate">
              <DateField source="createdDate" locales="vi-VN" />
            </Column>
            <Column label={false} disableSort align="right" sx={{ whiteSpace: 'nowrap' }}>
              <EditButton />
              {canDelete && <Saml2DeleteButton />}
            </Column>
          </DataTable>
        </DoubleClickToOpen>
      </SmallScreenList>
    </List>
  );
};
