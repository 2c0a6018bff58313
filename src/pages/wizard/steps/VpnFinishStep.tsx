import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Alert, Box, Button, IconButton, Link, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { RecordContextProvider, useDataProvider, useGetOne, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { RadiusRecord } from '../../../../contract/radius';
import type { ServiceInstanceRecord } from '../../../../contract/service';
import { StatusField } from '../../../components/StatusField';
import type { PortalDataProvider } from '../../../dataProviders';
import { errorNotification } from '../../../kit/notifyError';
import { gatewayHost, Setting, VpnSettings } from '../../../resources/radius/VpnSettings';
import { assignedId } from '../ConnectorPicker';
import { FinishFooter } from './FinishFooter';
import type { StepProps } from './types';

/**
 * What to type into the VPN's RADIUS settings: the gateway's host, the port in force, the shared secret,
 * the mode and timeout, and a radtest line; the
 * service's name and status, with Start when it is stopped. Finish marks the setup COMPLETED.
 */
export const VpnFinishStep = (props: StepProps) => {
  const { service, pack, onChanged, memory } = props;
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const [revealed, setRevealed] = useState(false);
  const [starting, setStarting] = useState(false);
  const radiusId = assignedId(service, 'radius');
  // A connector made by the launch has no IP address yet: the gateway answers no VPN until it has one.
  const { data: radius } = useGetOne<RadiusRecord>('radius', { id: radiusId }, { enabled: radiusId !== '' });
  // The RADIUS server the VPN asks is this gateway: the host the portal is served from (the portal and the
  // RADIUS proxy run on the same gateway; a deployment behind another name tells its users that name).
  const host = gatewayHost();
  // The server answers a shared secret once, when it is made: only one made in this wizard can be shown.
  const secret = memory.radiusSecret?.connectorId === radiusId ? memory.radiusSecret.secret : null;
  const toggleLabel = translate(
    revealed ? 'portal.wizard.finish.vpn.hide' : 'portal.wizard.finish.vpn.reveal',
  );

  const start = async () => {
    setStarting(true);
    try {
      await dataProvider.start('service-instance', { id: service.id });
      const { data } = await dataProvider.getOne<ServiceInstanceRecord>('service-launch', { id: service.id });
      onChanged(data, pack);
      notify('portal.wizard.finish.vpn.started', { type: 'info' });
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setStarting(false);
    }
  };

  return (
    <>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('portal.wizard.steps.finish')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('portal.wizard.finish.vpn.intro')}</Typography>
      {radius && !radius.ipAddress && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('portal.wizard.finish.vpn.noIpAddress')}{' '}
          <Link component={RouterLink} to={`/radius/${encodeURIComponent(radius.id)}`}>
            {translate('portal.wizard.finish.vpn.setIpAddress')}
          </Link>
        </Alert>
      )}
      <Stack component="dl" spacing={2} sx={{ m: 0 }}>
        <Setting label={translate('portal.wizard.finish.vpn.server')}>{host}</Setting>
        <Setting label={translate('portal.wizard.finish.vpn.secret')} mono={secret !== null}>
          {secret ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <span>{revealed ? secret : '••••••••••••'}</span>
              <Tooltip title={toggleLabel}>
                <IconButton aria-label={toggleLabel} onClick={() => setRevealed(!revealed)} size="small">
                  {revealed ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </Tooltip>
            </Box>
          ) : (
            <Typography variant="body2" component="span">
              {translate('portal.wizard.finish.vpn.secretElsewhere')}{' '}
              {radiusId && (
                <Link component={RouterLink} to={`/radius/${encodeURIComponent(radiusId)}/show`}>
                  {translate('portal.wizard.finish.vpn.openConnector')}
                </Link>
              )}
            </Typography>
          )}
        </Setting>
        {radius && <VpnSettings record={radius} host={host} secret={revealed ? secret : null} />}
        <Setting label={translate('portal.wizard.finish.vpn.service')} mono={false}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography component="span">{service.instanceName}</Typography>
            <RecordContextProvider value={service}>
              <StatusField />
            </RecordContextProvider>
            {service.status === 'STOPPED' && (
              <Button
                size="small"
                variant="outlined"
                startIcon={<PlayArrowIcon />}
                onClick={() => void start()}
                disabled={starting}
              >
                {translate('portal.wizard.finish.vpn.start')}
              </Button>
            )}
          </Box>
        </Setting>
      </Stack>
      {service.status === 'STOPPED' && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {translate('portal.wizard.finish.vpn.stopped')}
        </Alert>
      )}
      <FinishFooter {...props} />
    </>
  );
};
