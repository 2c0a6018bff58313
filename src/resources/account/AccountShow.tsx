import {
  BooleanField,
  EditButton,
  EmailField,
  ImageField,
  Labeled,
  Show,
  TabbedShowLayout,
  TextField,
  TopToolbar,
} from 'react-admin';
import { StatusField } from '../../components/StatusField';
import { DateField } from '../../kit/dates';
import { HISTORY_TAB, HistoryTab, ownCustomerOrProvider } from '../audit/HistoryTab';
import { AccountActivationButton } from './AccountActivationButton';
import { RolesField } from './RolesField';

const AccountShowActions = () => (
  <TopToolbar>
    <EditButton />
    <AccountActivationButton />
  </TopToolbar>
);

export const AccountShow = () => (
  <Show actions={<AccountShowActions />}>
    <TabbedShowLayout>
      <TabbedShowLayout.Tab label="resources.account.tabs.info">
        <EmailField source="email" />
        <Labeled source="roles">
          <RolesField />
        </Labeled>
        <TextField source="firstName" />
        <TextField source="lastName" />
        <TextField source="mobilePhone" />
        <TextField source="organization" emptyText="—" />
        <TextField source="address" emptyText="—" />
        <TextField source="contactNumber" emptyText="—" />
        <TextField source="otherInfo" emptyText="—" />
        <ImageField source="avatar" emptyText="—" />
        <BooleanField source="enable2fa" />
        <TextField source="customerName" emptyText="—" />
        <Labeled source="status">
          <StatusField />
        </Labeled>
        <DateField source="createdDate" />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label={HISTORY_TAB} path="history">
        <HistoryTab customerOf={ownCustomerOrProvider} />
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  </Show>
);
