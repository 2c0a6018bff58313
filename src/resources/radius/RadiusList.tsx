import { DataTable, useTranslate } from 'react-admin';
import { ConnectorList } from '../../components/ConnectorList';
import type { Radius } from './radiusFields';

/** The port the gateway's RADIUS server listens on, or Off. */
const Port = ({ record }: { record: Radius }) => {
  const translate = useTranslate();
  return <>{record.proxyPort ?? translate('resources.radius.vpn.offShort')}</>;
};

const Mode = ({ record }: { record: Radius }) => {
  const translate = useTranslate();
  return <>{translate(`resources.radius.modes.${record.mode}`)}</>;
};

/** /radius: the customer's RADIUS connectors, never their shared secrets. */
export const RadiusList = () => (
  <ConnectorList<Radius>
    nameField="name"
    secondary={(record) => record.ipAddress ?? ''}
    columns={[
      <DataTable.Col key="ip" source="ipAddress" />,
      <DataTable.Col key="mode" source="mode" render={(record: Radius) => <Mode record={record} />} />,
      <DataTable.Col
        key="port"
        source="proxyPort"
        disableSort
        render={(record: Radius) => <Port record={record} />}
      />,
    ]}
  />
);
