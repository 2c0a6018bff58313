import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField as MuiTextField,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import {
  Button,
  DataTable,
  SearchInput,
  SelectInput,
  TopToolbar,
  useCanAccess,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { CsvUploadAnswer } from '../../../contract/directory';
import { isEmail, meetsPasswordRules } from '../../../contract/rules';
import type { UserRecord } from '../../../contract/user';
import { StatusField } from '../../components/StatusField';
import { errorNotification } from '../../kit/notifyError';
import { ResourceList } from '../../kit/ResourceList';
import { sessionStore } from '../../session';
import type { Directory } from './ldapFields';

type DirectoryUser = UserRecord & { id: string };

const STATUS_CHOICES = ['ACTIVE', 'INACTIVE'].map((id) => ({ id, name: `portal.status.${id}` }));
const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
];
const Column = DataTable.Col<DirectoryUser>;
const label = (field: string) => `resources.users.fields.${field}`;

/** Change a directory user's display name, email, mobile phone or status in the portal. */
const EditUserDialog = ({
  user,
  directory,
  onClose,
}: {
  user: DirectoryUser;
  directory: Directory;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [values, setValues] = useState({
    displayName: user.displayName ?? '',
    email: user.email ?? '',
    mobilePhone: user.mobilePhone ?? '',
    status: user.status,
  });
  const [saving, setSaving] = useState(false);
  const emailInvalid = values.email.trim() !== '' && !isEmail(values.email.trim());
  const titleId = useId();
  const save = async () => {
    setSaving(true);
    try {
      await dataProvider.update('users/keycloak', {
        id: user.id,
        data: { ...values, connectorId: directory.id },
        previousData: { ...user, connectorId: directory.id },
      });
      notify('resources.ldap.users.updated', { type: 'info' });
      refresh();
      onClose();
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setSaving(false);
    }
  };
  const field = (name: 'displayName' | 'email' | 'mobilePhone') => (
    <MuiTextField
      label={translate(label(name))}
      value={values[name]}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      error={name === 'email' && emailInvalid}
      helperText={name === 'email' && emailInvalid ? translate('portal.validation.emailInvalid') : undefined}
      fullWidth
      margin="dense"
    />
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {translate('resources.ldap.users.edit')}: {user.username}
      </DialogTitle>
      <DialogContent>
        {field('displayName')}
        {field('email')}
        {field('mobilePhone')}
        <MuiTextField
          select
          label={translate(label('status'))}
          value={values.status}
          onChange={(event) =>
            setValues({ ...values, status: event.target.value as DirectoryUser['status'] })
          }
          fullWidth
          margin="dense"
        >
          {STATUS_CHOICES.map((choice) => (
            <MenuItem key={choice.id} value={choice.id}>
              {translate(choice.name)}
            </MenuItem>
          ))}
        </MuiTextField>
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={onClose} />
        <Button label="ra.action.save" onClick={save} disabled={saving || emailInvalid} variant="contained" />
      </DialogActions>
    </Dialog>
  );
};

/** Write a new password to the user's entry in the LDAP directory. */
const ResetPasswordDialog = ({
  user,
  directory,
  onClose,
}: {
  user: DirectoryUser;
  directory: Directory;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [saving, setSaving] = useState(false);
  const [touched, setTouched] = useState(false);
  const titleId = useId();
  const weak = password !== '' && !meetsPasswordRules(password);
  const mismatch = confirm !== '' && confirm !== password;
  const reset = async () => {
    setTouched(true);
    if (!meetsPasswordRules(password) || password !== confirm) return;
    setSaving(true);
    try {
      await dataProvider.resetPassword('users/keycloak', {
        id: user.id,
        connectorId: directory.id,
        data: { password },
      });
      notify('resources.ldap.users.passwordReset', {
        type: 'info',
        messageArgs: { username: user.username },
      });
      onClose();
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {translate('resources.ldap.users.resetFor', { username: user.username })}
      </DialogTitle>
      <DialogContent>
        <MuiTextField
          type="password"
          autoComplete="new-password"
          label={translate('resources.ldap.users.newPassword')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={weak || (touched && password === '')}
          helperText={translate('portal.validation.passwordRules')}
          fullWidth
          margin="dense"
          required
        />
        <MuiTextField
          type="password"
          autoComplete="new-password"
          label={translate('resources.ldap.users.confirmPassword')}
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          error={mismatch}
          helperText={mismatch ? translate('resources.ldap.users.mismatch') : undefined}
          fullWidth
          margin="dense"
          required
        />
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={onClose} />
        <Button
          label="resources.ldap.users.resetPassword"
          onClick={reset}
          disabled={saving}
          variant="contained"
        />
      </DialogActions>
    </Dialog>
  );
};

/** Import users from a CSV file into the directory, then show what was taken and what was not, by line. */
const CsvImportDialog = ({ directory, onClose }: { directory: Directory; onClose: () => void }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [result, setResult] = useState<CsvUploadAnswer | null>(null);
  const titleId = useId();
  const inputId = useId();
  const upload = async () => {
    if (!file) return;
    setUploading(true);
    try {
      const { data } = await dataProvider.uploadCsv('users/keycloak', { connectorId: directory.id, file });
      setResult(data as CsvUploadAnswer);
      refresh();
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setUploading(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{translate('resources.ldap.csv.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('resources.ldap.csv.explain')}
        </Typography>
        <Box component="label" htmlFor={inputId} sx={{ display: 'block', mb: 1 }}>
          {translate('resources.ldap.csv.choose')}
        </Box>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setResult(null);
          }}
        />
        {result && (
          <Box role="status" sx={{ mt: 2 }}>
            <Alert severity={result.failed.length ? 'warning' : 'success'}>
              {translate('resources.ldap.csv.result', {
                added: result.added,
                updated: result.updated,
                failed: result.failed.length,
              })}
            </Alert>
            {result.failed.length > 0 && (
              <Table size="small" sx={{ mt: 1 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('resources.ldap.csv.line')}</TableCell>
                    <TableCell>{translate('resources.ldap.csv.reason')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {result.failed.slice(0, 500).map((row) => (
                    <TableRow key={row.line}>
                      <TableCell>{row.line}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.reason}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.close" onClick={onClose} />
        <Button
          label={uploading ? 'resources.ldap.csv.uploading' : 'resources.ldap.csv.upload'}
          onClick={upload}
          disabled={!file || uploading}
          variant="contained"
        >
          <UploadFileIcon />
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** The Migrate all users button of an Azure AD directory: its synchronisation, followed on the Info tab. */
const MigrateAzureButton = ({ directory }: { directory: Directory }) => {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const migrate = async () => {
    try {
      await dataProvider.migrateAzure('users/keycloak', {
        data: { customerId: sessionStore.get()?.customerId, connectorId: directory.id },
      });
      notify('resources.ldap.users.migrating', { type: 'info' });
      refresh();
    } catch (error) {
      notify(...errorNotification(error));
    }
  };
  return <Button label="resources.ldap.users.migrate" onClick={migrate} />;
};

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
  if (!user || !canModify) return null;
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      <Button label="ra.action.edit" onClick={() => onEdit(user)}>
        <EditIcon />
      </Button>
      {directory.type === 'LDAP' && user.source === 'LDAP' && (
        <Button label="resources.ldap.users.resetPassword" onClick={() => onReset(user)}>
          <KeyIcon />
        </Button>
      )}
    </Stack>
  );
};

/** The Users tab of a directory (spec 02 §7 Directory users): its users, a page at a time. */
export const DirectoryUsers = () => {
  const directory = useRecordContext<Directory>();
  const translate = useTranslate();
  const { canAccess: canCreate } = useCanAccess({ resource: 'users', action: 'create' });
  const { canAccess: canConfigure } = useCanAccess({ resource: 'ldap', action: 'configure' });
  const [editing, setEditing] = useState<DirectoryUser | null>(null);
  const [resetting, setResetting] = useState<DirectoryUser | null>(null);
  const [importing, setImporting] = useState(false);
  if (!directory) return null;
  return (
    <Box sx={{ width: '100%' }}>
      <ResourceList<DirectoryUser>
        resource="users/keycloak"
        filter={{ connectorId: directory.id }}
        filters={filters}
        sort={{ field: 'username', order: 'ASC' }}
        perPage={25}
        disableSyncWithLocation
        storeKey={`ldap-users-${directory.id}`}
        title={translate('resources.ldap.users.title')}
        empty={
          <Typography sx={{ p: 2 }} color="text.secondary">
            {translate('resources.ldap.users.empty')}
          </Typography>
        }
        toolbar={
          <TopToolbar>
            {canCreate && (
              <Button label="resources.ldap.csv.button" onClick={() => setImporting(true)}>
                <UploadFileIcon />
              </Button>
            )}
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
        <Column source="status" label={label('status')}>
          <StatusField />
        </Column>
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
