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
import type { Saml } from './samlFields';

const filters = [<SearchInput key="q" source="q" alwaysOn />];
const Column = DataTable.Col<Saml>;

export const SamlDeleteButton = () => {
  const record = useRecordContext<Saml>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <DeleteWithConfirmButton
      confirmTitle={translate('resources.saml.delete.title', { name: record.name })}
      confirmContent="resources.saml.delete.content"
      mutationMode="pessimistic"
    />
  );
};

/** /saml: the customer's Office 365 SAML connectors. */
export const SamlList = () => {
  const { canAccess: canDelete } = useCanAccess({ resource: 'saml', action: 'delete' });
  return (
    <List
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
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
            primaryText={(record: Saml) => record.name}
            secondaryText={(record: Saml) => record.url}
            linkType="show"
          />
        }
      >
        <DoubleClickToOpen>
          <DataTable rowClick={false} bulkActionButtons={false}>
            <Column source="name" />
            <Column source="url" sx={{ overflowWrap: 'anywhere' }} />
            <Column source="createdDate">
              <DateField source="createdDate" locales="vi-VN" />
            </Column>
            <Column label={false} disableSort align="right" sx={{ whiteSpace: 'nowrap' }}>
              <EditButton />
              {canDelete && <SamlDeleteButton />}
            </Column>
          </DataTable>
        </DoubleClickToOpen>
      </SmallScreenList>
    </List>
  );
};
