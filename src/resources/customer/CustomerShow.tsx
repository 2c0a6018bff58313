import { EditButton, EmailField, Labeled, TextField, TopToolbar } from 'react-admin';
import { ActivationButton } from '../../components/ActivationButtons';
import { EnterCustomerButton } from '../../components/EnterCustomerButton';
import { StatusField } from '../../components/StatusField';
import { DateField } from '../../kit/dates';
import { ShowPage } from '../../kit/ShowPage';
import { customerRecord, HistoryTab } from '../audit/HistoryTab';
import { LogoField } from './LogoField';

const CustomerShowActions = () => (
  <TopToolbar>
    <EditButton />
    <EnterCustomerButton />
    <ActivationButton nameSource="companyName" />
  </TopToolbar>
);

export const CustomerShow = () => (
  <ShowPage
    actions={<CustomerShowActions />}
    stamps={false}
    history={<HistoryTab customerOf={customerRecord} />}
    info={
      <>
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
      </>
    }
  />
);
