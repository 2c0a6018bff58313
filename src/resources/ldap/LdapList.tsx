import {
  CreateButton,
  DataTable,
  DateField,
  DeleteWithConfirmButton,
  EditButton,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DoubleClickToOpen } from '../../components/DoubleClickToOpen';
import { ListEmpty } from '../../components/ListEmpty';
import { ListError } from '../../components/ListError';
import { SmallScreenList } from '../../components/SmallScreenList';
import { type Directory, serverOf, TYPE_CHOICES } from './ldapFields';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="type" source="type" choices={TYPE_CHOICES} alwaysOn />,
];

const Column = DataTable.Col<Directory>;

const TypeText = () => {
  const record = useRecordContext<Directory>();
  const translate = useTranslate();
  // An element, not bare text: beside the name in a phone's row, it is a part of its own (theme.ts).
  return record ? <span>{translate(`resources.ldap.types.${record.type}`)}</span> : null;
};

const ServerText = () => {
  const record = useRecordContext<Directory>();
  return record ? <span style={{ overflowWrap: 'anywhere' }}>{serverOf(record)}</span> : null;
};

const LastSyncText = () => {
  const record = useRecordContext<Directory>();
  const translate = useTranslate();
  if (!record?.lastSync) return null;
  const { status, finishedAt } = record.lastSync;
  const status_ = translate(`resources.ldap.sync.status.${status}`);
  return <>{finishedAt ? `${status_}, ${new Date(finishedAt).toLocaleString('vi-VN')}` : status_}</>;
};

/** Delete with confirmation: it says how many users go with the directory. */
export const LdapDeleteButton = () => {
  const record = useRecordContext<Directory>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <DeleteWithConfirmButton
      confirmTitle={translate('resources.ldap.delete.title', { name: record.name })}
      confirmContent={translate('resources.ldap.delete.content', { smart_count: record.userCount })}
      mutationMode="pessimistic"
    />
  );
};

/** /ldap: the customer's directories (spec 01 §2, §3). */
export const LdapList = () => {
  const { canAccess: canDelete } = useCanAccess({ resource: 'ldap', action: 'delete' });
  return (
    <List
      error={<ListError />}
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
            primaryText={(record: Directory) => record.name}
            secondaryText={(record: Directory) => serverOf(record)}
            tertiaryText={<TypeText />}
            linkType="show"
          />
        }
      >
        <DoubleClickToOpen>
          <DataTable rowClick={false} bulkActionButtons={false}>
            <Column source="name" />
            <Column source="type">
              <TypeText />
            </Column>
            <Column source="server" label="resources.ldap.fields.server" disableSort>
              <ServerText />
            </Column>
            <Column source="userCount" disableSort align="right">
              <NumberField source="userCount" />
            </Column>
            <Column source="lastSync" disableSort>
              <LastSyncText />
            </Column>
            <Column source="createdDate">
              <DateField source="createdDate" locales="vi-VN" />
            </Column>
            <Column label={false} disableSort align="right" sx={{ whiteSpace: 'nowrap' }}>
              <EditButton />
              {canDelete && <LdapDeleteButton />}
            </Column>
          </DataTable>
        </DoubleClickToOpen>
      </SmallScreenList>
    </List>
  );
};
