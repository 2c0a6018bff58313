import { DataTable } from 'react-admin';
import { ConnectorList } from '../../components/ConnectorList';
import type { Radius } from './radiusFields';

/** /radius: the customer's RADIUS connectors, never their shared secrets. */
export const RadiusList = () => (
  <ConnectorList<Radius>
    nameField="name"
    secondary={(record) => record.ipAddress ?? ''}
    columns={[
      <DataTable.Col key="ip" source="ipAddress" />,
      <DataTable.Col key="port" source="proxyPort" disableSort />,
    ]}
  />
);
