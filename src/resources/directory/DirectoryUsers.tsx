import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import {
  Button,
  DataTable,
  SearchInput,
  SelectInput,
  TextInput,
  TopToolbar,
  useCanAccess,
  useDataProvider,
  useRecordContext,
  useStore,
  useTranslate,
} from 'react-admin';
import { refusesCsvImport } from '../../../contract/directory';
import { PASSWORD_ERRORS } from '../../../contract/session';
import type { UserRecord } from '../../../contract/user';
import { validPhone } from '../../components/phoneValidator';
import { StatusField } from '../../components/StatusField';
import { matchesField, newPasswordRules, validEmail } from '../../components/validators';
import { ActionButton } from '../../kit/ActionButton';
import { DialogForm } from '../../kit/DialogForm';
import { ResourceList } from '../../kit/ResourceList';
import { sessionStore } from '../../session';
import { CsvImportDialog } from './CsvImport';
import { type Directory, passwordWritableKey } from './directoryFields';

type DirectoryUser = UserRecord & { id: string };

const STATUS_CHOICES = ['ACTIVE', 'INACTIVE'].map((id) => ({ id, name: `portal.status.${id}` }));
const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
];
const Column = DataTable.Col<DirectoryUser>;
const label = (field: string) => `resources.users.fields.${field}`;

/** What a dialog about one user of the directory is given. */
interface UserDialogProps {
  user: DirectoryUser;
  directory: Directory;
  onClose: () => void;
}

/** Change a directory user's display name, email, mobile phone or status in the portal. */
const EditUserDialog = ({ user, directory, onClose }: UserDialogProps) => {
  const dataProvider = useDataProvider();
  const translate = useTranslate();
  return (
    <DialogForm<Pick<DirectoryUser, 'displayName' | 'email' | 'mobilePhone' | 'status'>>
      title={<span>{`${translate('resources.ldap.users.edit')}: ${user.username}`}</span>}
      defaultValues={{
        displayName: user.displayName ?? '',
        email: user.email ?? '',
        mobilePhone: user.mobilePhone ?? '',
        status: user.status,
      }}
      submit={(values) =>
        dataProvider.update('users/keycloak', {
          id: user.id,
          data: { ...values, connectorId: directory.id },
          previousData: { ...user, connectorId: directory.id },
        })
      }
      success="resources.ldap.users.updated"
      onClose={onClose}
    >
      <TextInput source="displayName" label={label('displayName')} fullWidth />
      <TextInput source="email" label={label('email')} validate={validEmail} fullWidth />
      <TextInput
        source="mobilePhone"
        label={label('mobilePhone')}
        validate={validPhone(user.mobilePhone)}
        fullWidth
      />
      <SelectInput source="status" label={label('status')} choices={STATUS_CHOICES} fullWidth />
    </DialogForm>
  );
};

/**
 * The rules of a directory user's new password the portal checks alone (contract/rules.ts), with the user's
 * email; the server adds the common passwords (the directory keeps the history, if it keeps one).
 */
const passwordRulesFor = (email: string | null) => [
  (value: unknown) => (typeof value === 'string' && value ? undefined : PASSWORD_ERRORS.policy.key),
  newPasswordRules(email),
];
const samePassword = [matchesField('password', 'resources.ldap.users.mismatch')];

/** Write a new password to the user's entry in the LDAP directory. */
const ResetPasswordDialog = ({ user, directory, onClose }: UserDialogProps) => {
  const dataProvider = useDataProvider();
  return (
    <DialogForm<{ password?: string; confirm?: string }>
      title="resources.ldap.users.resetFor"
      titleOptions={{ username: user.username }}
      defaultValues={{ password: '', confirm: '' }}
      submit={({ password }) =>
        dataProvider.resetPassword('users/keycloak', {
          id: user.id,
          connectorId: directory.id,
          data: { password },
        })
      }
      success={[
        'resources.ldap.users.passwordReset',
        { type: 'info', messageArgs: { username: user.username } },
      ]}
      refresh={false}
      submitLabel="resources.ldap.users.resetPassword"
      submitIcon={<KeyIcon />}
      onClose={onClose}
    >
      <TextInput
        source="password"
        type="password"
        autoComplete="new-password"
        label="resources.ldap.users.newPassword"
        helperText="resources.ldap.users.passwordHint"
        validate={passwordRulesFor(user.email)}
        isRequired
        fullWidth
      />
      <TextInput
        source="confirm"
        type="password"
        autoComplete="new-password"
        label="resources.ldap.users.confirmPassword"
        validate={samePassword}
        isRequired
        fullWidth
      />
    </DialogForm>
  );
};

/**
 * Import CSV; disabled, with the reason beside it, for a directory that is not hybrid (its synchronisation
 * would deactivate the imported users; the server refuses the file too).
 */
const CsvImportButton = ({ directory, onClick }: { directory: Directory; onClick: () => void }) => {
  const translate = useTranslate();
  const reasonId = useId();
  const refused = refusesCsvImport(directory);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {refused && (
        <Typography id={reasonId} variant="caption" color="text.secondary" sx={{ maxWidth: 360 }}>
          {translate('resources.ldap.csv.notHybrid')}
        </Typography>
      )}
      <Button
        label="resources.ldap.csv.button"
        onClick={onClick}
        disabled={refused}
        aria-describedby={refused ? reasonId : undefined}
      >
        <UploadFileIcon />
      </Button>
    </Stack>
  );
};

/** The Migrate all users button of an Azure AD directory: its synchronisation, followed on the Info tab. */
const MigrateAzureButton = ({ directory }: { directory: Directory }) => (
  <ActionButton
    label="resources.ldap.users.migrate"
    on="none"
    resource="users/keycloak"
    action="migrateAzure"
    params={() => ({ data: { customerId: sessionStore.get()?.customerId, connectorId: directory.id } })}
    success="resources.ldap.users.migrating"
  />
);

const RowActions = ({
  directory,
  onEdit,
  onReset,
}: {
  directory: Directory;
  onEdit: (user: DirectoryUser) => void;
  onReset: (user: DirectoryUser) => void;
}) => {
  const user = useRecordContext<DirectoryUser>();
  const { canAccess: canModify } = useCanAccess({ resource: 'users', action: 'modify' });
  const [passwordWritable] = useStore<boolean | null>(passwordWritableKey(directory.id), null);
  if (!user || !canModify) return null;
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      <Button label="ra.action.edit" onClick={() => onEdit(user)}>
        <EditIcon />
      </Button>
      {directory.type === 'LDAP' && user.source === 'LDAP' && passwordWritable !== false && (
        <Button label="resources.ldap.users.resetPassword" onClick={() => onReset(user)}>
          <KeyIcon />
        </Button>
      )}
    </Stack>
  );
};

/** The Users tab of a directory (docs/requirements/billing-services-data-calls.md Directory users): its users, a page at a time. */
export const DirectoryUsers = () => {
  const directory = useRecordContext<Directory>();
  const translate = useTranslate();
  const { canAccess: canCreate } = useCanAccess({ resource: 'users', action: 'create' });
  const { canAccess: canConfigure } = useCanAccess({ resource: 'ldap', action: 'configure' });
  const [editing, setEditing] = useState<DirectoryUser | null>(null);
  const [resetting, setResetting] = useState<DirectoryUser | null>(null);
  const [importing, setImporting] = useState(false);
  const [passwordWritable] = useStore<boolean | null>(passwordWritableKey(directory?.id ?? 'new'), null);
  if (!directory) return null;
  return (
    <Box sx={{ width: '100%' }}>
      {/* The page's title stays the directory's: the list is headed here, not in the app bar beside it. */}
      <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
        {translate('resources.ldap.users.title')}
      </Typography>
      {directory.type === 'LDAP' && passwordWritable === false && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('resources.ldap.users.resetOff')}
        </Alert>
      )}
      <ResourceList<DirectoryUser>
        resource="users/keycloak"
        filter={{ connectorId: directory.id }}
        filters={filters}
        sort={{ field: 'username', order: 'ASC' }}
        perPage={25}
        disableSyncWithLocation
        storeKey={`ldap-users-${directory.id}`}
        title={false}
        empty={
          <Typography sx={{ p: 2 }} color="text.secondary">
            {translate('resources.ldap.users.empty')}
          </Typography>
        }
        toolbar={
          <TopToolbar>
            {canCreate && <CsvImportButton directory={directory} onClick={() => setImporting(true)} />}
            {canConfigure && directory.type === 'AZURE' && <MigrateAzureButton directory={directory} />}
          </TopToolbar>
        }
        sx={{ '& .RaList-main': { boxShadow: 'none' } }}
        phone={{
          primaryText: (user) => user.username,
          secondaryText: (user) => user.email ?? '',
          tertiaryText: <StatusField />,
          linkType: false,
        }}
      >
        <Column source="username" label={label('username')} />
        <Column source="displayName" label={label('displayName')} />
        <Column source="email" label={label('email')} />
        <Column source="status" label={label('status')} field={StatusField} />
        <Column label={false} disableSort align="right">
          <RowActions directory={directory} onEdit={setEditing} onReset={setResetting} />
        </Column>
      </ResourceList>
      {editing && <EditUserDialog user={editing} directory={directory} onClose={() => setEditing(null)} />}
      {resetting && (
        <ResetPasswordDialog user={resetting} directory={directory} onClose={() => setResetting(null)} />
      )}
      {importing && <CsvImportDialog directory={directory} onClose={() => setImporting(false)} />}
    </Box>
  );
};
