import { Stack } from '@mui/material';
import type { ReactElement } from 'react';
import {
  BooleanField,
  EditButton,
  FunctionField,
  Labeled,
  NumberField,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DIRECTORY_FIELDS } from '../../../contract/directory';
import { ShowPage } from '../../kit/ShowPage';
import { DirectoryDeleteButton } from './DirectoryList';
import { DirectoryUsers } from './DirectoryUsers';
import type { Directory } from './directoryFields';
import { SyncPanel } from './SyncPanel';

const Actions = () => {
  const { canAccess: canDelete } = useCanAccess({ resource: 'ldap', action: 'delete' });
  return (
    <TopToolbar>
      <EditButton />
      {canDelete && <DirectoryDeleteButton />}
    </TopToolbar>
  );
};

/** The stored settings of the directory's type, each labelled; a password or secret only as set or not. */
const TypeInfo = () => {
  const record = useRecordContext<Directory>();
  const translate = useTranslate();
  if (!record) return null;
  const setOrNot = (set: boolean) =>
    translate(set ? 'resources.ldap.stored.set' : 'resources.ldap.stored.notSet');
  const elements: Record<string, ReactElement> = {
    host: <TextField source="host" />,
    port: <TextField source="port" />,
    secured: <BooleanField source="secured" />,
    baseDn: <TextField source="baseDn" sx={WRAP} />,
    userDn: <TextField source="userDn" sx={WRAP} />,
    password: <FunctionField source="passwordSet" render={(one: Directory) => setOrNot(one.passwordSet)} />,
    userLoginPattern: <TextField source="userLoginPattern" sx={WRAP} />,
    loginProperty: <TextField source="loginProperty" />,
    emailAttribute: <TextField source="emailAttribute" />,
    displayNameAttribute: <TextField source="displayNameAttribute" />,
    phoneAttribute: <TextField source="phoneAttribute" />,
    tenantId: <TextField source="tenantId" />,
    applicationId: <TextField source="applicationId" />,
    secret: <FunctionField source="secretSet" render={(one: Directory) => setOrNot(one.secretSet)} />,
    graphUrl: <TextField source="graphUrl" sx={WRAP} />,
    authorityUrl: <TextField source="authorityUrl" sx={WRAP} />,
    restAuthentication: (
      <FunctionField
        source="restAuthentication"
        render={(one: Directory) => translate(`resources.ldap.authentications.${one.restAuthentication}`)}
      />
    ),
    restUsername: <TextField source="restUsername" />,
    restHeader: <TextField source="restHeader" />,
    listUsersUrl: <TextField source="listUsersUrl" sx={WRAP} />,
    hybrid: <BooleanField source="hybrid" />,
  };
  return (
    <Stack spacing={1}>
      {DIRECTORY_FIELDS[record.type]
        .filter((field) => elements[field] !== undefined)
        .map((field) => (
          <Labeled
            key={field}
            label={`resources.ldap.fields.${field === 'secret' && record.type === 'REST' ? 'restSecret' : field}`}
          >
            {elements[field]}
          </Labeled>
        ))}
    </Stack>
  );
};

const WRAP = { overflowWrap: 'anywhere' } as const;

/** A directory (docs/requirements/portal-entities.md), with the tabs Info (settings, synchronisation) and Users. */
export const DirectoryShow = () => {
  const translate = useTranslate();
  return (
    <ShowPage
      actions={<Actions />}
      info={
        <>
          <TextField source="name" />
          <FunctionField
            source="type"
            render={(record: Directory) => translate(`resources.ldap.types.${record.type}`)}
          />
          <TypeInfo />
          <NumberField source="userCount" />
          <Labeled source="lastSync">
            <SyncPanel />
          </Labeled>
        </>
      }
    >
      <TabbedShowLayout.Tab label="resources.ldap.tabs.users" path="users">
        <DirectoryUsers />
      </TabbedShowLayout.Tab>
    </ShowPage>
  );
};
