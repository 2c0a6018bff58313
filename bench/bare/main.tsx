import { Admin, DataTable, DateField, List, Resource } from 'react-admin';
import { createRoot } from 'react-dom/client';
import { dataProvider } from './dataProvider';

/**
 * The bench's yardstick: a bare react-admin app with one list, over the same API and data as the portal's
 * /customer (same page size, same sort, a DataTable of the same columns), with no auth, menu or layout of
 * its own. Built by `npm run bench` into a temporary folder.
 */
const CustomerList = () => (
  <List perPage={25} sort={{ field: 'createdDate', order: 'DESC' }}>
    <DataTable rowClick={false}>
      <DataTable.Col source="companyName" />
      <DataTable.Col source="contactEmail" />
      <DataTable.Col source="contactPhone" />
      <DataTable.Col source="createdDate">
        <DateField source="createdDate" locales="vi-VN" />
      </DataTable.Col>
      <DataTable.Col source="status" />
    </DataTable>
  </List>
);

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={dataProvider} disableTelemetry>
    <Resource name="customer" list={CustomerList} />
  </Admin>,
);
