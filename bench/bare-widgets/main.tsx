import BusinessIcon from '@mui/icons-material/Business';
import DoNotDisturbOnIcon from '@mui/icons-material/DoNotDisturbOn';
import LoginIcon from '@mui/icons-material/Login';
import { Avatar, Chip } from '@mui/material';
import { Admin, Button, DataTable, EditButton, List, Resource, useRecordContext } from 'react-admin';
import { createRoot } from 'react-dom/client';
import { textColumns } from '../bare/columns';
import { dataProvider } from '../bare/dataProvider';

/**
 * The bench's second yardstick: the bare app of bench/bare, its rows drawn with react-admin's and MUI's own
 * widgets of the portal's /customer row (the selection checkbox, the logo's avatar, the status chip, an Edit
 * button and two more buttons with their icons), without the portal's access checks, confirmations, layout
 * or code splitting. The portal against this app is what its frame and its code cost; this app against the
 * bare one is what those widgets cost.
 */
const Logo = () => {
  const record = useRecordContext<{ logo?: string | null; companyName: string }>();
  return (
    <Avatar
      src={record?.logo ?? undefined}
      alt={record?.companyName}
      variant="rounded"
      sx={{ width: 32, height: 32 }}
    >
      <BusinessIcon fontSize="small" />
    </Avatar>
  );
};

const Status = () => {
  const record = useRecordContext<{ status?: string }>();
  const active = record?.status === 'ACTIVE';
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      label={record?.status}
    />
  );
};

const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

const CustomerList = () => (
  <List perPage={25} sort={{ field: 'createdDate', order: 'DESC' }}>
    <DataTable rowClick={false} bulkActionButtons={<Button label="Deactivate" />}>
      <DataTable.Col source="logo" disableSort field={Logo} />
      {textColumns}
      <DataTable.Col source="status" field={Status} />
      <DataTable.Col label={false} disableSort align="right" sx={{ whiteSpace: 'nowrap' }}>
        <EditButton />
        <Button label="Deactivate" onClick={stop}>
          <DoNotDisturbOnIcon />
        </Button>
        <Button label="Enter" onClick={stop}>
          <LoginIcon />
        </Button>
      </DataTable.Col>
    </DataTable>
  </List>
);

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={dataProvider} disableTelemetry>
    <Resource name="customer" list={CustomerList} edit={() => null} />
  </Admin>,
);
