import {
  DataTable,
  DeleteWithConfirmButton,
  EditButton,
  NumberField,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DateColumn, formatDate } from '../../kit/dates';
import { ButtonsColumn, ResourceList, searchFilters } from '../../kit/ResourceList';
import { type Directory, serverOf, TYPE_CHOICES } from './directoryFields';

const filters = searchFilters({ type: TYPE_CHOICES });

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
  return <>{finishedAt ? `${status_}, ${formatDate(finishedAt, { time: true })}` : status_}</>;
};

/** Delete with confirmation: it says how many users go with the directory. */
export const DirectoryDeleteButton = () => {
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

/** /ldap: the customer's directories (docs/requirements/portal-routes-and-menus.md, docs/requirements/portal-entities.md). */
export const DirectoryList = () => {
  const { canAccess: canDelete } = useCanAccess({ resource: 'ldap', action: 'delete' });
  return (
    <ResourceList<Directory>
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      phone={{
        primaryText: (record) => record.name,
        secondaryText: (record) => serverOf(record),
        tertiaryText: <TypeText />,
      }}
      doubleClick="edit"
    >
      <Column source="name" />
      <Column source="type" field={TypeText} />
      <Column source="server" label="resources.ldap.fields.server" disableSort field={ServerText} />
      <Column source="userCount" disableSort align="right">
        <NumberField source="userCount" />
      </Column>
      <Column source="lastSync" disableSort field={LastSyncText} />
      <DateColumn source="createdDate" />
      <ButtonsColumn>
        <EditButton />
        {canDelete && <DirectoryDeleteButton />}
      </ButtonsColumn>
    </ResourceList>
  );
};
