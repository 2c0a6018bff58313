import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { StepProps } from './types';
import { useFinish } from './useFinish';
import { WizardNav } from './WizardNav';

/** The end of a wizard's last step: Back and Finish, and once finished, that the service is set up. */
export const FinishFooter = (props: StepProps) => {
  const translate = useTranslate();
  const { finish, busy, done } = useFinish(props);
  return (
    <>
      {done && (
        <Alert severity="success" sx={{ mt: 2 }}>
          {translate('portal.wizard.finish.completed', { name: props.service.instanceName })}
        </Alert>
      )}
      <WizardNav
        first={props.first}
        onBack={props.onBack}
        onNext={() => void finish()}
        nextLabel="portal.wizard.nav.finish"
        nextDisabled={done}
        busy={busy}
      />
    </>
  );
};
