import { DataTable } from 'react-admin';
import { ConnectorList } from '../../components/ConnectorList';
import type { Https } from './httpsFields';

/** /https: the customer's HTTPS connectors, each with the start of its API key. */
export const HttpsList = () => (
  <ConnectorList<Https>
    nameField="name"
    secondary={(record) => record.apiKeyHint}
    columns={[<DataTable.Col key="key" source="apiKeyHint" disableSort sx={{ fontFamily: 'monospace' }} />]}
  />
);
