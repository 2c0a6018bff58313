import { EditButton, NumberField, SelectField, TabbedShowLayout, TextField, TopToolbar } from 'react-admin';
import { EffectivePermissions } from '../../components/EffectivePermissions';
import { ShowPage } from '../../kit/ShowPage';
import { HistoryTab, providerRecord } from '../audit/HistoryTab';
import { RoleAccounts } from './RoleAccounts';
import { RoleDeleteButton } from './RoleDeleteButton';
import { SCOPE_CHOICES } from './roleFields';

const RoleShowActions = () => (
  <TopToolbar>
    <EditButton />
    <RoleDeleteButton />
  </TopToolbar>
);

/** A role, with the tabs Info and Accounts (docs/requirements/portal-routes-and-menus.md), and its History (the audit log's entries). */
export const RoleShow = () => (
  <ShowPage
    actions={<RoleShowActions />}
    stamps={false}
    history={<HistoryTab customerOf={providerRecord} />}
    info={
      <>
        <TextField source="name" />
        <TextField source="displayName" />
        <TextField source="description" emptyText="—" />
        <SelectField source="scope" choices={SCOPE_CHOICES} />
        <NumberField source="accountCount" />
      </>
    }
  >
    <TabbedShowLayout.Tab label="resources.role.tabs.accounts" path="accounts">
      <RoleAccounts />
    </TabbedShowLayout.Tab>
    <TabbedShowLayout.Tab label="portal.effective.tab" path="permissions">
      <EffectivePermissions resource="role" />
    </TabbedShowLayout.Tab>
  </ShowPage>
);
