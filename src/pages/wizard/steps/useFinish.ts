import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { WizardStatus } from '../../../../contract/tokenPack';
import type { PortalDataProvider } from '../../../dataProviders';
import { errorNotification } from '../../../kit/notifyError';
import type { StepProps } from './types';

/**
 * Finishing the wizard: the token pack's wizard becomes COMPLETED (PUT update-wizard-status, unless it
 * already is), then the service's page opens; the iframe variant stays and says the setup is complete.
 */
export const useFinish = ({ service, pack, onChanged, framed }: StepProps) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const finish = async () => {
    setBusy(true);
    try {
      if (pack?.wizardStatus !== 'COMPLETED') {
        const { data } = await dataProvider.updateWizardStatus<{ id: string; status: WizardStatus }>(
          'service-launch',
          { id: service.id, status: 'COMPLETED' },
        );
        if (pack) onChanged(service, { ...pack, wizardStatus: data?.status ?? 'COMPLETED' });
      }
      notify('portal.wizard.finish.completed', { type: 'info', messageArgs: { name: service.instanceName } });
      if (framed) navigate(`/service-launch/${encodeURIComponent(service.id)}`);
      else setDone(true);
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setBusy(false);
    }
  };
  return { finish, busy, done };
};
