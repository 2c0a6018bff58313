import AutorenewIcon from '@mui/icons-material/Autorenew';
import { FunctionField, TextField, useTranslate } from 'react-admin';
import { ConnectorActions } from '../../components/ConnectorActions';
import { SecretActionButton } from '../../components/SecretActionButton';
import { ShowPage } from '../../kit/ShowPage';
import { HistoryTab } from '../audit/HistoryTab';
import { type Radius, SECRET_TEXTS } from './radiusFields';

const Actions = () => (
  <ConnectorActions
    nameField="name"
    configure={
      <SecretActionButton
        action="regenerateSecret"
        field="sharedSecret"
        label="resources.radius.actions.regenerate"
        icon={<AutorenewIcon />}
        texts={SECRET_TEXTS}
        confirm={{
          title: 'resources.radius.regenerate.title',
          content: 'resources.radius.regenerate.content',
        }}
      />
    }
  />
);

/** A RADIUS connector: where the VPN sends its requests (the proxy port) and the secret, masked. */
export const RadiusShow = () => {
  const translate = useTranslate();
  return (
    <ShowPage
      actions={<Actions />}
      history={<HistoryTab />}
      info={
        <>
          <TextField source="name" />
          <TextField source="ipAddress" />
          <TextField source="proxyPort" />
          <FunctionField
            source="sharedSecret"
            render={(record: Radius) =>
              translate(record.secretSet ? 'resources.radius.secretMasked' : 'resources.radius.stored.notSet')
            }
          />
        </>
      }
    />
  );
};
