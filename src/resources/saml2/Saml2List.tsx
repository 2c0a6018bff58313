import { DataTable } from 'react-admin';
import { ConnectorList } from '../../components/ConnectorList';
import type { Saml2 } from './saml2Fields';

/** /saml2: the customer's SAML 2.0 connectors. */
export const Saml2List = () => (
  <ConnectorList<Saml2>
    nameField="providerName"
    secondary={(record) => record.uname}
    columns={[
      <DataTable.Col key="uname" source="uname" />,
      <DataTable.Col key="entity" source="entityId" sx={{ overflowWrap: 'anywhere' }} />,
    ]}
  />
);
