import { Alert, Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { RADIUS_PUSH_CLIENT_TIMEOUT_SEC, type RadiusMode } from '../../../contract/gateway';
import { CodeBlock } from '../../components/CodeBlock';
import type { Radius } from './radiusFields';

/** A label and its value, one under the other at any width; a value to type in is in monospace. */
export const Setting = ({
  label,
  mono = true,
  children,
}: {
  label: string;
  mono?: boolean;
  children: ReactNode;
}) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="body2" color="text.secondary" component="dt">
      {label}
    </Typography>
    <Box
      component="dd"
      sx={{ m: 0, overflowWrap: 'anywhere', ...(mono && { fontFamily: 'monospace', fontSize: 16 }) }}
    >
      {children}
    </Box>
  </Box>
);

/** The RADIUS server the VPN asks: this gateway, as the portal is reached (a deployment names its own). */
export const gatewayHost = () => window.location.hostname;

/**
 * The line that tries the connector from a shell with Debian's freeradius-utils; the words in capitals are
 * the user's to replace (in append mode the code follows the password and a comma).
 */
export const radtestLine = (host: string, port: number, mode: RadiusMode, secret: string | null) =>
  `radtest USERNAME '${mode === 'append' ? 'PASSWORD,CODE' : 'PASSWORD'}' ${host.includes(':') ? `[${host}]` : host}:${port} 0 '${secret ?? 'SHARED_SECRET'}'`;

/**
 * What the VPN's RADIUS settings take beside the server and the shared secret: the port in force (or that
 * the gateway's RADIUS server is off), PAP, the mode and the timeout it needs, and a radtest line to try it.
 */
export const VpnSettings = ({
  record,
  host,
  secret = null,
}: {
  record: Pick<Radius, 'proxyPort' | 'mode'>;
  host: string;
  secret?: string | null;
}) => {
  const translate = useTranslate();
  const T = 'resources.radius.vpn';
  return (
    <>
      {record.proxyPort === null ? (
        // In the list of settings, as a setting: a definition list holds only terms and their values.
        <Setting label={translate('resources.radius.fields.proxyPort')} mono={false}>
          <Alert severity="warning">{translate(`${T}.off`)}</Alert>
        </Setting>
      ) : (
        <Setting label={translate('resources.radius.fields.proxyPort')}>{record.proxyPort}</Setting>
      )}
      <Setting label={translate(`${T}.protocol`)}>PAP</Setting>
      <Setting label={translate('resources.radius.fields.mode')} mono={false}>
        {translate(`resources.radius.modes.${record.mode}`)}
      </Setting>
      <Setting label={translate(`${T}.timeout`)} mono={false}>
        {translate(record.mode === 'push' ? `${T}.timeoutPush` : `${T}.timeoutDefault`, {
          seconds: RADIUS_PUSH_CLIENT_TIMEOUT_SEC,
        })}
      </Setting>
      {record.proxyPort !== null && (
        <Setting label={translate(`${T}.tryIt`)} mono={false}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate(`${T}.tryItHelp`)}
          </Typography>
          <CodeBlock label={`${T}.tryIt`} text={radtestLine(host, record.proxyPort, record.mode, secret)} />
        </Setting>
      )}
    </>
  );
};
