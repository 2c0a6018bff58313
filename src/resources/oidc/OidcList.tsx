import { DataTable } from 'react-admin';
import { ConnectorList } from '../../components/ConnectorList';
import type { Oidc } from './oidcFields';

/**
 * /oidc: the customer's OIDC clients. A list that could not be read shows as empty (docs/requirements/error-messages.md: the
 * resource's errors are swallowed), with the create button as its next step.
 */
export const OidcList = () => (
  <ConnectorList<Oidc>
    nameField="clientName"
    secondary={(record) => record.clientId}
    columns={[
      <DataTable.Col key="id" source="clientId" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} />,
    ]}
  />
);
