import {
  EditButton,
  NumberField,
  SelectField,
  Show,
  TabbedShowLayout,
  TextField,
  TopToolbar,
} from 'react-admin';
import { HISTORY_TAB, HistoryTab, providerRecord } from '../audit/HistoryTab';
import { RoleAccounts } from './RoleAccounts';
import { RoleDeleteButton } from './RoleDeleteButton';
import { SCOPE_CHOICES } from './roleFields';

const RoleShowActions = () => (
  <TopToolbar>
    <EditButton />
    <RoleDeleteButton />
  </TopToolbar>
);

/** A role, with the tabs Info and Accounts (spec 01 §2), and its History (the audit log's entries). */
export const RoleShow = () => (
  <Show actions={<RoleShowActions />}>
    <TabbedShowLayout>
      <TabbedShowLayout.Tab label="resources.role.tabs.info">
        <TextField source="name" />
        <TextField source="displayName" />
        <TextField source="description" emptyText="—" />
        <SelectField source="scope" choices={SCOPE_CHOICES} />
        <NumberField source="accountCount" />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="resources.role.tabs.accounts" path="accounts">
        <RoleAccounts />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label={HISTORY_TAB} path="history">
        <HistoryTab customerOf={providerRecord} />
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  </Show>
);
