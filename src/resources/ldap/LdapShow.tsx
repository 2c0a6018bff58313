import {
  BooleanField,
  DateField,
  EditButton,
  FunctionField,
  Labeled,
  NumberField,
  Show,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DirectoryUsers } from './DirectoryUsers';
import { LdapDeleteButton } from './LdapList';
import { type Directory, shows } from './ldapFields';
import { SyncPanel } from './SyncPanel';

const Actions = () => {
  const { canAccess: canDelete } = useCanAccess({ resource: 'ldap', action: 'delete' });
  return (
    <TopToolbar>
      <EditButton />
      {canDelete && <LdapDeleteButton />}
    </TopToolbar>
  );
};

/** The stored settings of the directory's type; a password or secret only as set or not. */
const TypeInfo = () => {
  const record = useRecordContext<Directory>();
  const translate = useTranslate();
  if (!record) return null;
  const text = (source: string) =>
    shows(record.type, source) ? <TextField key={source} source={source} emptyText="—" /> : null;
  const setOrNot = (set: boolean) =>
    translate(set ? 'resources.ldap.stored.set' : 'resources.ldap.stored.notSet');
  return (
    <>
      {text('host')}
      {shows(record.type, 'port') && <NumberField source="port" />}
      {shows(record.type, 'secured') && <BooleanField source="secured" />}
      {text('baseDn')}
      {text('userDn')}
      {shows(record.type, 'password') && (
        <FunctionField
          source="passwordSet"
          render={(directory: Directory) => setOrNot(directory.passwordSet)}
        />
      )}
      {text('userLoginPattern')}
      {text('loginProperty')}
      {text('emailAttribute')}
      {text('displayNameAttribute')}
      {text('phoneAttribute')}
      {text('tenantId')}
      {text('applicationId')}
      {shows(record.type, 'secret') && (
        <FunctionField source="secretSet" render={(directory: Directory) => setOrNot(directory.secretSet)} />
      )}
      {text('graphUrl')}
      {text('authorityUrl')}
      {shows(record.type, 'restAuthentication') && (
        <FunctionField
          source="restAuthentication"
          render={(directory: Directory) =>
            translate(`resources.ldap.authentications.${directory.restAuthentication}`)
          }
        />
      )}
      {text('listUsersUrl')}
      {shows(record.type, 'hybrid') && <BooleanField source="hybrid" />}
    </>
  );
};

const TypeName = () => {
  const record = useRecordContext<Directory>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Labeled source="type">
      <span>{translate(`resources.ldap.types.${record.type}`)}</span>
    </Labeled>
  );
};

/** A directory (spec 01 §3), with the tabs Info (settings, synchronisation) and Users. */
export const LdapShow = () => (
  <Show actions={<Actions />}>
    <TabbedShowLayout>
      <TabbedShowLayout.Tab label="resources.ldap.tabs.info">
        <TextField source="name" />
        <TypeName />
        <TypeInfo />
        <NumberField source="userCount" />
        <Labeled source="lastSync">
          <SyncPanel />
        </Labeled>
        <DateField source="createdDate" locales="vi-VN" showTime />
        <DateField source="lastModifiedDate" locales="vi-VN" showTime />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="resources.ldap.tabs.users" path="users">
        <DirectoryUsers />
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  </Show>
);
