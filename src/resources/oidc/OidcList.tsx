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
import type { Oidc } from './oidcFields';

const filters = [<SearchInput key="q" source="q" alwaysOn />];
const Column = DataTable.Col<Oidc>;

export const OidcDeleteButton = () => {
  const record = useRecordContext<Oidc>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <DeleteWithConfirmButton
      confirmTitle={translate('resources.oidc.delete.title', { name: record.clientName })}
      confirmContent="resources.oidc.delete.content"
      mutationMode="pessimistic"
    />
  );
};

/**
 * /oidc: the customer's OIDC clients. A list that could not be read shows as empty (spec 02 §8: the
 * resource's errors are swallowed), with the create button as its next step.
 */
export const OidcList = () => {
  const { canAccess: canDelete } = useCanAccess({ resource: 'oidc', action: 'delete' });
  return (
    <List
      filters={filters}
      sort={{ field: 'clientName', order: 'ASC' }}
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
            primaryText={(record: Oidc) => record.clientName}
            secondaryText={(record: Oidc) => record.clientId}
            linkType="show"
          />
        }
      >
        <DoubleClickToOpen>
          <DataTable rowClick={false} bulkActionButtons={false}>
            <Column source="clientName" />
            <Column source="clientId" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} />
            <Column source="createdDate">
              <DateField source="createdDate" locales="vi-VN" />
            </Column>
            <Column label={false} disableSort align="right" sx={{ whiteSpace: 'nowrap' }}>
              <EditButton />
              {canDelete && <OidcDeleteButton />}
            </Column>
          </DataTable>
        </DoubleClickToOpen>
      </SmallScreenList>
    </List>
  );
};
