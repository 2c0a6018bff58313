import BusinessIcon from '@mui/icons-material/Business';
import { Box, Typography } from '@mui/material';
import {
  CreateButton,
  DataTable,
  DateField,
  EditButton,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  useCanAccess,
  useTranslate,
} from 'react-admin';
import { ActivationBulkActions, ActivationButton } from '../../components/ActivationButtons';
import { DoubleClickToOpen } from '../../components/DoubleClickToOpen';
import { EnterCustomerButton } from '../../components/EnterCustomerButton';
import { StatusField } from '../../components/StatusField';
import { type Customer, STATUS_CHOICES } from './customerFields';
import { LogoField } from './LogoField';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
];

/** No customer yet (and no filter): say so, and offer to create one. */
const CustomerEmpty = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', m: 4 }}>
      <BusinessIcon sx={{ fontSize: 96, opacity: 0.4 }} />
      <Typography variant="h5" component="p" gutterBottom>
        {translate('resources.customer.empty.title')}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        {translate('resources.customer.empty.body')}
      </Typography>
      <CreateButton variant="contained" />
    </Box>
  );
};

const Column = DataTable.Col<Customer>;

/** /customer: the provider's customers, searchable, sortable, paginated with totals. */
export const CustomerList = () => {
  const { canAccess: canModify } = useCanAccess({ resource: 'customer', action: 'modify' });
  return (
    <List
      filters={filters}
      sort={{ field: 'createdDate', order: 'DESC' }}
      empty={<CustomerEmpty />}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <DoubleClickToOpen>
        <DataTable rowClick={false} bulkActionButtons={canModify ? <ActivationBulkActions /> : false}>
          <Column source="logo" disableSort>
            <LogoField />
          </Column>
          <Column source="companyName" />
          <Column source="contactEmail" />
          <Column source="contactPhone" />
          <Column source="createdDate">
            <DateField source="createdDate" locales="vi-VN" />
          </Column>
          <Column source="status">
            <StatusField />
          </Column>
          <Column label={false} disableSort align="right" sx={{ whiteSpace: 'nowrap' }}>
            <EditButton />
            <ActivationButton nameSource="companyName" />
            <EnterCustomerButton />
          </Column>
        </DataTable>
      </DoubleClickToOpen>
    </List>
  );
};
