import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import { Alert, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { CONNECTOR_TYPE_IDS } from '../../../../contract/connector';
import type { TokenPackRecord, WizardStatus } from '../../../../contract/tokenPack';
import type { PortalDataProvider } from '../../../dataProviders';
import { errorNotification } from '../../../kit/notifyError';
import type { StepProps } from './types';
import { WizardNav } from './WizardNav';

/** What each wizard sets up, in order (portal.wizard.welcome.<kind>.<item>). */
const ITEMS = { vpn: ['directory', 'radius', 'finish'], office365: ['directory', 'saml', 'finish'] } as const;

/**
 * What the wizard will set up. Starting moves the token pack's wizard from NEW to TOUCHED
 * (PUT update-wizard-status); a pack already further on is left as it is (the status never goes back).
 */
export const WelcomeStep = ({ kind, service, pack, first, onBack, onNext, onChanged }: StepProps) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const needsDirectory = service.connectorIds.includes(CONNECTOR_TYPE_IDS.ldap);
  const items = ITEMS[kind].filter((item) => item !== 'directory' || needsDirectory);

  const start = async () => {
    if (pack?.wizardStatus !== 'NEW') {
      onNext();
      return;
    }
    setBusy(true);
    try {
      const { data } = await dataProvider.updateWizardStatus<{ id: string; status: WizardStatus }>(
        'service-launch',
        { id: service.id, status: 'TOUCHED' },
      );
      const touched: TokenPackRecord = { ...pack, wizardStatus: data?.status ?? 'TOUCHED' };
      onChanged(service, touched);
      onNext();
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate(`portal.wizard.welcome.${kind}.heading`)}
      </Typography>
      <Typography>
        {translate(`portal.wizard.welcome.${kind}.intro`, { name: service.instanceName })}
      </Typography>
      <List>
        {items.map((item) => (
          <ListItem key={item} disableGutters>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <CheckCircleOutlineIcon color="primary" aria-hidden />
            </ListItemIcon>
            <ListItemText primary={translate(`portal.wizard.welcome.${kind}.${item}`)} />
          </ListItem>
        ))}
      </List>
      {pack?.wizardStatus === 'COMPLETED' && (
        <Alert severity="info">{translate('portal.wizard.welcome.completed')}</Alert>
      )}
      <WizardNav
        first={first}
        onBack={onBack}
        onNext={() => void start()}
        nextLabel="portal.wizard.nav.start"
        busy={busy}
      />
    </>
  );
};
