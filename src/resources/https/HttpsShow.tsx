import AutorenewIcon from '@mui/icons-material/Autorenew';
import {
  DateField,
  EditButton,
  FunctionField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useCanAccess,
  useTranslate,
} from 'react-admin';
import { ConnectorDeleteButton } from '../../components/ConnectorList';
import { SecretActionButton } from '../../components/SecretActionButton';
import { type Https, KEY_TEXTS } from './httpsFields';

const Actions = () => {
  const { canAccess: canDelete } = useCanAccess({ resource: 'https', action: 'delete' });
  const { canAccess: canConfigure } = useCanAccess({ resource: 'https', action: 'configure' });
  return (
    <TopToolbar>
      {canConfigure && (
        <SecretActionButton
          action="regenerateApiKey"
          field="apiKey"
          label="resources.https.actions.regenerate"
          icon={<AutorenewIcon />}
          texts={KEY_TEXTS}
          confirm={{
            title: 'resources.https.regenerate.title',
            content: 'resources.https.regenerate.content',
          }}
        />
      )}
      <EditButton />
      {canDelete && <ConnectorDeleteButton nameField="name" />}
    </TopToolbar>
  );
};

/** An HTTPS connector: the start of its API key (the key itself was shown once) and its service. */
export const HttpsShow = () => {
  const translate = useTranslate();
  return (
    <Show actions={<Actions />}>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="apiKeyHint" sx={{ fontFamily: 'monospace' }} />
        <FunctionField
          source="serviceId"
          render={(record: Https) => record.serviceId ?? translate('resources.https.noService')}
        />
        <DateField source="createdDate" locales="vi-VN" showTime />
        <DateField source="lastModifiedDate" locales="vi-VN" showTime />
      </SimpleShowLayout>
    </Show>
  );
};
