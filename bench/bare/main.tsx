import { Admin, DataTable, List, Resource } from 'react-admin';
import { createRoot } from 'react-dom/client';
import { textColumns } from './columns';
import { dataProvider } from './dataProvider';

/**
 * The bench's yardstick: a bare react-admin app with one list, over the same API and data as the portal's
 * /customer (same page size, same sort, a DataTable of the same columns), with no auth, menu or layout of
 * its own. Built by `npm run bench` into a temporary folder.
 */
const CustomerList = () => (
  <List perPage={25} sort={{ field: 'createdDate', order: 'DESC' }}>
    <DataTable rowClick={false}>
      {textColumns}
      <DataTable.Col source="status" />
    </DataTable>
  </List>
);

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={dataProvider} disableTelemetry>
    <Resource name="customer" list={CustomerList} />
  </Admin>,
);
