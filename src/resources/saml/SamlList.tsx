import { DataTable } from 'react-admin';
import { ConnectorList } from '../../components/ConnectorList';
import type { Saml } from './samlFields';

/** /saml: the customer's Office 365 SAML connectors. */
export const SamlList = () => (
  <ConnectorList<Saml>
    nameField="name"
    secondary={(record) => record.url}
    columns={[<DataTable.Col key="url" source="url" sx={{ overflowWrap: 'anywhere' }} />]}
  />
);
