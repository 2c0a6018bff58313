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
import type { Https } from './httpsFields';

const filters = [<SearchInput key="q" source="q" alwaysOn />];
const Column = DataTable.Col<Https>;

export const HttpsDeleteButton = () => {
  const record = useRecordContext<Https>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <DeleteWithConfirmButton
      confirmTitle={translate('resources.https.delete.title', { name: record.name })}
      confirmContent="resources.https.delete.content"
      mutationMode="pessimistic"
    />
  );
};

/** /https: the customer's HTTPS connectors, each with the start of its API key. */
export const HttpsList = () => {
  const { canAccess: canDelete } = useCanAccess({ resource: 'https', action: 'delete' });
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
            primaryText={(record: Https) => record.name}
            secondaryText={(record: Https) => record.apiKeyHint}
            linkType="show"
          />
        }
      >
        <DoubleClickToOpen>
          <DataTable rowClick={false} bulkActionButtons={false}>
            <Column source="name" />
            <Column source="apiKeyHint" disableSort sx={{ fontFamily: 'monospace' }} />
            <Column source="createdDate">
              <DateField source="createdDate" locales="vi-VN" />
            </Column>
            <Column label={false} disableSort align="right" sx={{ whiteSpace: 'nowrap' }}>
              <EditButton />
              {canDelete && <HttpsDeleteButton />}
            </Column>
          </DataTable>
        </DoubleClickToOpen>
      </SmallScreenList>
    </List>
  );
};
