import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { ActionButton } from '../../kit/ActionButton';
import type { AccountOfRole, Role } from './roleFields';

/** Takes the row's account out of the role, after confirmation (POST /account/role/remove_account). */
export const RemoveAccountButton = ({ role }: { role: Role }) => (
  <ActionButton<AccountOfRole>
    label="resources.role.accounts.remove"
    color="error"
    icon={<PersonRemoveIcon />}
    resource="role"
    action="removeAccount"
    params={({ record }) => ({ data: { roleId: role.id, accountIds: [record?.accountId] } })}
    confirm={{
      content: 'resources.role.accounts.removeContent',
      options: ({ record }) => ({ email: record?.email, name: role.displayName || role.name }),
    }}
    success="resources.role.notifications.accountsRemoved"
  />
);
