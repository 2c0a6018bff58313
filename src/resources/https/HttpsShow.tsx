import AutorenewIcon from '@mui/icons-material/Autorenew';
import { ReferenceField, TextField, useTranslate } from 'react-admin';
import { ConnectorActions } from '../../components/ConnectorActions';
import { SecretActionButton } from '../../components/SecretActionButton';
import { ShowPage } from '../../kit/ShowPage';
import { HistoryTab } from '../audit/HistoryTab';
import { KEY_TEXTS } from './httpsFields';

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

/** An HTTPS connector: the start of its API key (the key itself was shown once) and its service, by name. */
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
          <ReferenceField
            source="serviceId"
            reference="service-launch"
            link="edit"
            emptyText={translate('resources.https.noService')}
          />
        </>
      }
    />
  );
};
