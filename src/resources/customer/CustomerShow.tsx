import {
  DateField,
  EditButton,
  EmailField,
  Labeled,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
} from 'react-admin';
import { ActivationButton } from '../../components/ActivationButtons';
import { EnterCustomerButton } from '../../components/EnterCustomerButton';
import { StatusField } from '../../components/StatusField';
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
    <SimpleShowLayout>
      <Labeled source="logo">
        <LogoField size={72} />
      </Labeled>
      <TextField source="companyName" />
      <EmailField source="contactEmail" />
      <TextField source="contactPhone" emptyText="—" />
      <DateField source="createdDate" locales="vi-VN" />
      <Labeled source="status">
        <StatusField />
      </Labeled>
    </SimpleShowLayout>
  </Show>
);
