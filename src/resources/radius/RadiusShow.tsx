import AutorenewIcon from '@mui/icons-material/Autorenew';
import { Stack, Typography } from '@mui/material';
import { FunctionField, TextField, useRecordContext, useTranslate } from 'react-admin';
import { ConnectorActions } from '../../components/ConnectorActions';
import { LastSignIn } from '../../components/LastSignIn';
import { SecretActionButton } from '../../components/SecretActionButton';
import { ShowPage } from '../../kit/ShowPage';
import { HistoryTab } from '../audit/HistoryTab';
import { type Radius, SECRET_TEXTS } from './radiusFields';
import { gatewayHost, Setting, VpnSettings } from './VpnSettings';

/** What to type into the VPN: the server, then the settings of VpnSettings. */
const ForTheVpn = () => {
  const translate = useTranslate();
  const record = useRecordContext<Radius>();
  if (!record) return null;
  return (
    <Stack
      component="section"
      spacing={2}
      // The tab sizes its fields to their content: the radtest line would widen the page on a phone.
      sx={{ mt: 2, maxWidth: { xs: 'calc(100vw - 48px)', sm: 720 }, minWidth: 0 }}
      aria-labelledby="radius-vpn-title"
    >
      <Typography id="radius-vpn-title" variant="h6" component="h2">
        {translate('resources.radius.vpn.title')}
      </Typography>
      <Stack component="dl" spacing={2} sx={{ m: 0 }}>
        <Setting label={translate('resources.radius.vpn.server')}>{gatewayHost()}</Setting>
        <VpnSettings record={record} host={gatewayHost()} />
        <Setting label={translate('resources.radius.fields.sharedSecret')} mono={false}>
          {translate('resources.radius.vpn.secret')}
        </Setting>
      </Stack>
    </Stack>
  );
};

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
          <FunctionField
            source="proxyPort"
            render={(record: Radius) => record.proxyPort ?? translate('resources.radius.vpn.offShort')}
          />
          <FunctionField
            source="mode"
            render={(record: Radius) => translate(`resources.radius.modes.${record.mode}`)}
          />
          <FunctionField
            source="nasIdentifier"
            render={(record: Radius) => (
              <Stack spacing={0.5}>
                <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                  {record.nasIdentifier}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {translate('resources.radius.helpers.nasIdentifier')}
                </Typography>
              </Stack>
            )}
          />
          <FunctionField
            source="lastSignIn"
            render={(record: Radius) => (
              <LastSignIn last={record.lastSignIn} texts="resources.radius.lastSignIn" />
            )}
          />
          <FunctionField
            source="sharedSecret"
            render={(record: Radius) =>
              translate(record.secretSet ? 'resources.radius.secretMasked' : 'resources.radius.stored.notSet')
            }
          />
          <ForTheVpn />
        </>
      }
    />
  );
};
