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
import type { Radius } from './radiusFields';

const filters = [<SearchInput key="q" source="q" alwaysOn />];
const Column = DataTable.Col<Radius>;

export const RadiusDeleteButton = () => {
  const record = useRecordContext<Radius>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <DeleteWithConfirmButton
      confirmTitle={translate('resources.radius.delete.title', { name: record.name })}
      confirmContent="resources.radius.delete.content"
      mutationMode="pessimistic"
    />
  );
};

/** /radius: the customer's RADIUS connectors, never their shared secrets. */
export const RadiusList = () => {
  const { canAccess: canDelete } = useCanAccess({ resource: 'radius', action: 'delete' });
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
            primaryText={(record: Radius) => record.name}
            secondaryText={(record: Radius) => record.ipAddress}
            linkType="show"
          />
        }
      >
        <DoubleClickToOpen>
          <DataTable rowClick={false} bulkActionButtons={false}>
            <Column source="name" />
            <Column source="ipAddress" />
            <Column source="proxyPort" disableSort />
            <Column source="createdDate">
              <DateField source="createdDate" locales="vi-VN" />
            </Column>
            <Column label={false} disableSort align="right" sx={{ whiteSpace: 'nowrap' }}>
              <EditButton />
              {canDelete && <RadiusDeleteButton />}
            </Column>
          </DataTable>
        </DoubleClickToOpen>
      </SmallScreenList>
    </List>
  );
};
