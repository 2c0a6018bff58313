import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  Button,
  Form,
  ReferenceArrayInput,
  ReferenceInput,
  required,
  SaveButton,
  useDataProvider,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { PortalDataProvider } from '../../dataProviders';
import { errorNotification } from '../../kit/notifyError';
import type { Role } from './roleFields';

const atLeastOne = [required()];

/**
 * Accounts of the role's scope: the provider's own accounts for a provider role; for a customer role,
 * those of the customer chosen first (the search filtered by its customerId).
 */
const AccountPicker = ({ role }: { role: Role }) => {
  const customerId: unknown = useWatch({ name: 'customerId' });
  if (role.scope === 'customer' && !customerId) return null;
  return (
    <ReferenceArrayInput
      key={String(customerId)}
      source="accountIds"
      reference="account"
      filter={role.scope === 'customer' ? { customerId } : {}}
      sort={{ field: 'email', order: 'ASC' }}
    >
      <AutocompleteArrayInput
        optionText="email"
        label="resources.role.accounts.fields.accountIds"
        validate={atLeastOne}
        fullWidth
      />
    </ReferenceArrayInput>
  );
};

/** For a customer role: the customer whose accounts are offered; changing it clears the chosen accounts. */
const CustomerPicker = () => {
  const { setValue } = useFormContext();
  return (
    <ReferenceInput source="customerId" reference="customer" sort={{ field: 'companyName', order: 'ASC' }}>
      <AutocompleteInput
        optionText="companyName"
        label="resources.role.accounts.fields.customerId"
        helperText="resources.role.accounts.chooseCustomer"
        onChange={() => setValue('accountIds', [])}
        fullWidth
      />
    </ReferenceInput>
  );
};

/** Adds the chosen accounts to the role (POST /account/role/add_account {roleId, accountIds}). */
export const AddAccountsDialog = ({ role, onClose }: { role: Role; onClose: () => void }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const titleId = useId();
  const { mutate, isPending } = useMutation({
    mutationFn: (accountIds: string[]) =>
      dataProvider.addAccount('role', { data: { roleId: role.id, accountIds } }),
    onSuccess: (_, accountIds) => {
      notify('resources.role.notifications.accountsAdded', {
        type: 'info',
        messageArgs: { smart_count: accountIds.length },
      });
      refresh();
      onClose();
    },
    onError: (error) => notify(...errorNotification(error)),
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Form
        noValidate
        onSubmit={(values: { accountIds?: unknown }) =>
          mutate(Array.isArray(values.accountIds) ? values.accountIds.map(String) : [])
        }
      >
        <DialogTitle id={titleId}>
          {translate('resources.role.accounts.addTitle', { name: role.displayName || role.name })}
        </DialogTitle>
        <DialogContent>
          {role.scope === 'customer' && <CustomerPicker />}
          <AccountPicker role={role} />
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={onClose} />
          <SaveButton label="resources.role.accounts.add" icon={<PersonAddIcon />} disabled={isPending} />
        </DialogActions>
      </Form>
    </Dialog>
  );
};
