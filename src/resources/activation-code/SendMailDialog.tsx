import { useDataProvider, useNotify } from 'react-admin';
import { SendMailDialog as SendDialog } from '../../components/SendMailDialog';
import type { PortalDataProvider } from '../../dataProviders';
import { type ActivationCode, RESOURCE, type SendMailAnswer, T, validateSendTo } from './model';

/**
 * Send one code by email (spec 02 §2 row action, §5, §8): the address starts as the user's own and may be
 * changed; an empty one says 'Email must not be empty' and a malformed one 'Please input a valid email.',
 * and nothing is sent. The server's refusal is shown as it comes, and the dialog stays open.
 */
export const SendMailDialog = ({ code, onClose }: { code: ActivationCode; onClose: () => void }) => {
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const send = async (email: string) => {
    const { data } = await dataProvider.sendMail<SendMailAnswer>(RESOURCE, {
      data: { ids: [code.id], email },
    });
    if (data.queued > 0) notify(`${T}.notifications.sent`, { type: 'info' });
    else notify(`${T}.notifications.noneSent`, { type: 'warning' });
  };
  return (
    <SendDialog
      title={`${T}.sendMailDialog.title`}
      explanation={`${T}.sendMailDialog.explanation`}
      explanationOptions={{ username: code.username }}
      emailLabel={`${T}.sendMailDialog.email`}
      sendLabel={`${T}.actions.send`}
      defaultEmail={code.email}
      validate={validateSendTo}
      send={send}
      onClose={onClose}
    />
  );
};
