import AutorenewIcon from '@mui/icons-material/Autorenew';
import { FunctionField, TextField, useTranslate } from 'react-admin';
import { ConnectorActions } from '../../components/ConnectorActions';
import { SecretActionButton } from '../../components/SecretActionButton';
import { ShowPage } from '../../kit/ShowPage';
import { HistoryTab } from '../audit/HistoryTab';
import { type Https, KEY_TEXTS } from './httpsFields';

const Actions = () => (
  <ConnectorActions
    nameField="name"
    configure={
      <SecretActionButton
        action="regenerateApiKey"
        field="apiKey"
        label="resources.https.actions.regenerate"
        icon={<AutorenewIcon />}
        texts={KEY_TEXTS}
        confirm={{ title: 'resources.https.regenerate.title', content: 'resources.https.regenerate.content' }}
      />
    }
  />
);

/** An HTTPS connector: the start of its API key (the key itself was shown once) and its service. */
export const HttpsShow = () => {
  const translate = useTranslate();
  return (
    <ShowPage
      actions={<Actions />}
      history={<HistoryTab />}
      info={
        <>
          <TextField source="name" />
          <TextField source="apiKeyHint" sx={{ fontFamily: 'monospace' }} />
          <FunctionField
            source="serviceId"
            render={(record: Https) => record.serviceId ?? translate('resources.https.noService')}
          />
        </>
      }
    />
  );
};
