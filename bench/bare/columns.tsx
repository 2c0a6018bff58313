import { DataTable, DateField } from 'react-admin';

/**
 * The text columns of the portal's /customer that both bench apps show (bench/bare, bench/bare-widgets): one
 * list of them, so that the two yardsticks cannot drift apart.
 */
export const textColumns = [
  <DataTable.Col key="companyName" source="companyName" />,
  <DataTable.Col key="contactEmail" source="contactEmail" />,
  <DataTable.Col key="contactPhone" source="contactPhone" />,
  <DataTable.Col key="createdDate" source="createdDate">
    <DateField source="createdDate" locales="vi-VN" />
  </DataTable.Col>,
];
