import {
  BooleanField,
  EditButton,
  EmailField,
  ImageField,
  Labeled,
  TabbedShowLayout,
  TextField,
  TopToolbar,
} from 'react-admin';
import { EffectivePermissions } from '../../components/EffectivePermissions';
import { StatusField } from '../../components/StatusField';
import { DateField } from '../../kit/dates';
import { ShowPage } from '../../kit/ShowPage';
import { HistoryTab, ownCustomerOrProvider } from '../audit/HistoryTab';
import { AccountActivationButton } from './AccountActivationButton';

import { RolesField } from './RolesField';

const AccountShowActions = () => (
  <TopToolbar>
    <EditButton />
    <AccountActivationButton />
  </TopToolbar>
);

export const AccountShow = () => (
  <ShowPage
    actions={<AccountShowActions />}
    stamps={false}
    history={<HistoryTab customerOf={ownCustomerOrProvider} />}
    info={
      <>
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
      </>
    }
  >
    <TabbedShowLayout.Tab label="portal.effective.tab" path="permissions">
      <EffectivePermissions resource="account" />
    </TabbedShowLayout.Tab>
  </ShowPage>
);
