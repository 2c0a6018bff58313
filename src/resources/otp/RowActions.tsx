import AutorenewIcon from '@mui/icons-material/Autorenew';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { IconButton, Stack, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { ConfirmedButton } from '../../components/ConfirmedButton';
import { SendMailDialog } from '../../components/SendMailDialog';
import type { PortalDataProvider } from '../../dataProviders';
import { type OtpCode, RESOURCE, type SendMailAnswer, T, validateSendTo } from './model';

/** Re-generate one OTP code after confirming (its current secret stops working): 'Re-generate OTP successfully.' */
const RegenerateOneButton = ({ otp }: { otp: OtpCode }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<PortalDataProvider>();
  return (
    <ConfirmedButton
      label={`${T}.actions.regenerate`}
      icon={<AutorenewIcon fontSize="small" />}
      iconName={translate(`${T}.actions.regenerateOf`, { username: otp.username })}
      title={`${T}.regenerateOne.title`}
      content={`${T}.regenerateOne.content`}
      translateOptions={{ username: otp.username }}
      run={async () => {
        await dataProvider.regenerate(RESOURCE, {
          tokenPackId: otp.tokenPackId,
          data: { serviceId: otp.serviceId, ids: [otp.id] },
        });
        notify(`${T}.notifications.regeneratedOne`, { type: 'info' });
        refresh();
      }}
    />
  );
};

/**
 * Send one OTP code by email, through the dialog: the address starts as the user's own; success says
 * '1 selected OTP code(s) are sent successfully.' (spec 02 §8).
 */
const SendOneButton = ({ otp }: { otp: OtpCode }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [open, setOpen] = useState(false);
  const send = async (email: string) => {
    const { data } = await dataProvider.sendMail<SendMailAnswer>(RESOURCE, {
      data: { serviceId: otp.serviceId, ids: [otp.id], email },
    });
    if (data.queued > 0)
      notify(`${T}.notifications.sentSelected`, { type: 'info', messageArgs: { n: data.queued } });
    else notify(`${T}.notifications.noneSent`, { type: 'warning' });
  };
  return (
    <>
      <Tooltip title={translate(`${T}.actions.sendByEmail`)}>
        <IconButton
          size="small"
          aria-label={translate(`${T}.actions.sendByEmailOf`, { username: otp.username })}
          onClick={() => setOpen(true)}
        >
          <ForwardToInboxIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && (
        <SendMailDialog
          title={`${T}.sendMailDialog.title`}
          explanation={`${T}.sendMailDialog.explanation`}
          explanationOptions={{ username: otp.username }}
          emailLabel={`${T}.sendMailDialog.email`}
          sendLabel={`${T}.actions.send`}
          defaultEmail={otp.email}
          validate={validateSendTo}
          send={send}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
};

/** A row's actions (spec 02 §2 OTP list): send by email, re-generate. */
export const RowActions = (_: { label?: string }) => {
  const otp = useRecordContext<OtpCode>();
  if (!otp) return null;
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      <SendOneButton otp={otp} />
      <RegenerateOneButton otp={otp} />
    </Stack>
  );
};
