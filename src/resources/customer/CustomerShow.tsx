import { EditButton, EmailField, Labeled, Show, TabbedShowLayout, TextField, TopToolbar } from 'react-admin';
import { ActivationButton } from '../../components/ActivationButtons';
import { EnterCustomerButton } from '../../components/EnterCustomerButton';
import { StatusField } from '../../components/StatusField';
import { DateField } from '../../kit/dates';
import { customerRecord, HISTORY_TAB, HistoryTab } from '../audit/HistoryTab';
import { LogoField } from './LogoField';

const CustomerShowActions = () => (
  <TopToolbar>
    <EditButton />
    <EnterCustomerButton />
    <ActivationButton nameSource="companyName" />
  </TopToolbar>
);

export const CustomerShow = () => (
  <Show actions={<CustomerShowActions />}>
    <TabbedShowLayout>
      <TabbedShowLayout.Tab label="resources.customer.tabs.info">
        <Labeled source="logo">
          <LogoField size={72} />
        </Labeled>
        <TextField source="companyName" />
        <EmailField source="contactEmail" />
        <TextField source="contactPhone" emptyText="—" />
        <DateField source="createdDate" />
        <Labeled source="status">
          <StatusField />
        </Labeled>
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label={HISTORY_TAB} path="history">
        <HistoryTab customerOf={customerRecord} />
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  </Show>
);
