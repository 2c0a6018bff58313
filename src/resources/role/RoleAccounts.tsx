import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Box, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  DataTable,
  Pagination,
  ReferenceManyField,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { StatusField } from '../../components/StatusField';
import { AddAccountsDialog } from './AddAccountsDialog';
import { RemoveAccountButton } from './RemoveAccountButton';
import type { AccountOfRole, Role } from './roleFields';

const Column = DataTable.Col<AccountOfRole>;
const label = (field: string) => `resources.role.accounts.fields.${field}`;

/**
 * The Accounts tab of a role: the accounts holding it (account_role by roleId), and for holders of
 * `role:configure` the buttons that add and remove them.
 */
export const RoleAccounts = () => {
  const role = useRecordContext<Role>();
  const translate = useTranslate();
  const { canAccess: canConfigure } = useCanAccess({ resource: 'role', action: 'configure' });
  const [adding, setAdding] = useState(false);
  if (!role) return null;
  return (
    <Box sx={{ width: '100%' }}>
      {canConfigure && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
          <Button label="resources.role.accounts.add" onClick={() => setAdding(true)}>
            <PersonAddIcon />
          </Button>
        </Stack>
      )}
      <ReferenceManyField
        reference="account_role"
        target="roleId"
        perPage={10}
        pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
        empty={<Typography color="text.secondary">{translate('resources.role.accounts.empty')}</Typography>}
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <Column source="email" label={label('email')} disableSort />
          <Column source="firstName" label={label('firstName')} disableSort />
          <Column source="lastName" label={label('lastName')} disableSort />
          {role.scope === 'customer' && (
            <Column source="customerName" label={label('customerName')} disableSort />
          )}
          <Column source="status" label={label('status')} disableSort field={StatusField} />
          {canConfigure && (
            <Column label={false} disableSort align="right">
              <RemoveAccountButton role={role} />
            </Column>
          )}
        </DataTable>
      </ReferenceManyField>
      {adding && <AddAccountsDialog role={role} onClose={() => setAdding(false)} />}
    </Box>
  );
};
