import AutorenewIcon from '@mui/icons-material/Autorenew';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { ListItem, List as MuiList } from '@mui/material';
import { FunctionField, Labeled, TextField, useRecordContext } from 'react-admin';
import { ConnectorActions } from '../../components/ConnectorActions';
import { LastSignIn } from '../../components/LastSignIn';
import { SecretActionButton } from '../../components/SecretActionButton';
import { TrySignInButton } from '../../components/TrySignInButton';
import { UrlList } from '../../components/UrlList';
import { ShowPage } from '../../kit/ShowPage';
import { HistoryTab } from '../audit/HistoryTab';
import { type Oidc, SECRET_TEXTS } from './oidcFields';

const T = 'resources.oidc';

/** The client's secret, as its two buttons show it (the data layer swallows this resource's errors). */
const SECRET = {
  field: 'clientSecret',
  texts: SECRET_TEXTS,
  failed: `${T}.notifications.secretUnavailable`,
} as const;

const Actions = () => (
  <ConnectorActions
    nameField="clientName"
    configure={
      <>
        <SecretActionButton
          {...SECRET}
          action="getClientSecret"
          label={`${T}.actions.reveal`}
          icon={<VisibilityIcon />}
        />
        <SecretActionButton
          {...SECRET}
          action="regenerateSecret"
          label={`${T}.actions.regenerate`}
          icon={<AutorenewIcon />}
          confirm={{ title: `${T}.regenerate.title`, content: `${T}.regenerate.content` }}
        />
      </>
    }
  >
    <TrySignInButton<Oidc> url={(record) => record.trySignIn} texts={`${T}.trySignIn`} />
  </ConnectorActions>
);

const ENDPOINTS = [
  'issuer',
  'discovery',
  'authorization',
  'token',
  'userinfo',
  'jwks',
  'endSession',
] as const;

/** What a relying party is configured with: the issuer and the endpoints of the client's realm. */
const Endpoints = () => {
  const record = useRecordContext<Oidc>();
  if (!record?.endpoints) return null;
  return (
    <UrlList
      entries={ENDPOINTS.map((name) => ({
        label: `resources.oidc.endpoints.${name}`,
        url: record.endpoints[name],
      }))}
    />
  );
};

/** An OIDC client: its id, redirect URLs, endpoints and last sign-in; the secret on demand. */
export const OidcShow = () => (
  <ShowPage
    actions={<Actions />}
    history={<HistoryTab />}
    info={
      <>
        <TextField source="clientName" />
        <TextField source="clientId" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} />
        <FunctionField
          source="redirectUrls"
          render={(record: Oidc) => (
            <MuiList dense disablePadding>
              {record.redirectUrls?.map((url) => (
                <ListItem key={url} disableGutters sx={{ overflowWrap: 'anywhere' }}>
                  {url}
                </ListItem>
              ))}
            </MuiList>
          )}
        />
        <Labeled label="resources.oidc.fields.endpoints" fullWidth>
          <Endpoints />
        </Labeled>
        <FunctionField
          source="lastSignIn"
          render={(record: Oidc) => <LastSignIn last={record.lastSignIn} texts="resources.oidc.lastSignIn" />}
        />
      </>
    }
  />
);
