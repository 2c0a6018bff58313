import PersonAddIcon from '@mui/icons-material/PersonAdd';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  ReferenceArrayInput,
  ReferenceInput,
  required,
  useDataProvider,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { PortalDataProvider } from '../../dataProviders';
import { DialogForm } from '../../kit/DialogForm';
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
  const dataProvider = useDataProvider<PortalDataProvider>();
  const idsOf = (values: { accountIds?: unknown }) =>
    Array.isArray(values.accountIds) ? values.accountIds.map(String) : [];
  return (
    <DialogForm<{ accountIds?: unknown }>
      title="resources.role.accounts.addTitle"
      titleOptions={{ name: role.displayName || role.name }}
      submit={(values) =>
        dataProvider.addAccount('role', { data: { roleId: role.id, accountIds: idsOf(values) } })
      }
      success={(_, values) => [
        'resources.role.notifications.accountsAdded',
        { type: 'info', messageArgs: { smart_count: idsOf(values).length } },
      ]}
      submitLabel="resources.role.accounts.add"
      submitIcon={<PersonAddIcon />}
      requireChange
      onClose={onClose}
    >
      {role.scope === 'customer' && <CustomerPicker />}
      <AccountPicker role={role} />
    </DialogForm>
  );
};
