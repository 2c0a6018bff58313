import { Alert, CircularProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { FederateScriptAnswer } from '../../../../contract/saml';
import { CodeBlock } from '../../../components/CodeBlock';
import type { PortalDataProvider } from '../../../dataProviders';
import { errorNotification } from '../../../kit/notifyError';
import { assignedId } from '../ConnectorPicker';
import { FinishFooter } from './FinishFooter';
import type { StepProps } from './types';

/**
 * The federation script of the domain named at the connector step (GET saml federate-script with the
 * service's Office 365 connector), to copy or download and run in the tenant. Finish marks the setup
 * COMPLETED.
 */
export const Office365FinishStep = (props: StepProps) => {
  const { service, memory } = props;
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const connectorId = assignedId(service, 'saml');
  const domain = memory.domain ?? '';
  const script = useQuery({
    queryKey: ['wizard', 'federateScript', connectorId, domain],
    queryFn: async () =>
      (
        await dataProvider.federateScript<FederateScriptAnswer>('saml', {
          id: connectorId,
          domain,
          unFederate: '0',
        })
      ).data,
    enabled: connectorId !== '' && domain !== '',
  });
  useEffect(() => {
    if (script.error) notify(...errorNotification(script.error));
  }, [script.error, notify]);

  const missing = connectorId === '' || domain === '';
  return (
    <>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('portal.wizard.steps.finish')}
      </Typography>
      {missing ? (
        <Alert severity="info">{translate('portal.wizard.finish.office365.missing')}</Alert>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>
            {translate('portal.wizard.finish.office365.intro', { domain })}
          </Typography>
          {script.data ? (
            <CodeBlock
              label="portal.wizard.finish.office365.script"
              text={script.data.script}
              fileName={script.data.fileName}
            />
          ) : script.isPending ? (
            <CircularProgress size={24} aria-label={translate('portal.wizard.loading')} />
          ) : (
            <Alert severity="warning">{translate('portal.wizard.finish.office365.failed')}</Alert>
          )}
        </>
      )}
      <FinishFooter {...props} />
    </>
  );
};
