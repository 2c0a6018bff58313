import AutorenewIcon from '@mui/icons-material/Autorenew';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { IconButton, Stack, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { ConfirmedButton } from '../../components/ConfirmedButton';
import type { PortalDataProvider } from '../../dataProviders';
import { type ActivationCode, RESOURCE, T } from './model';
import { SendMailDialog } from './SendMailDialog';

/** Re-generate one code after confirming (its current code stops working): 'Re-generate code successfully'. */
const RegenerateOneButton = ({ code }: { code: ActivationCode }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<PortalDataProvider>();
  return (
    <ConfirmedButton
      label={`${T}.actions.regenerate`}
      icon={<AutorenewIcon fontSize="small" />}
      iconName={translate(`${T}.actions.regenerateOf`, { username: code.username })}
      title={`${T}.regenerateOne.title`}
      content={`${T}.regenerateOne.content`}
      translateOptions={{ username: code.username }}
      run={async () => {
        await dataProvider.regenerate(RESOURCE, { tokenPackId: code.tokenPackId, data: { ids: [code.id] } });
        notify(`${T}.notifications.regenerated`, { type: 'info' });
        refresh();
      }}
    />
  );
};

/** Send one code by email, through the dialog. */
const SendOneButton = ({ code }: { code: ActivationCode }) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={translate(`${T}.actions.sendByEmail`)}>
        <IconButton
          size="small"
          aria-label={translate(`${T}.actions.sendByEmailOf`, { username: code.username })}
          onClick={() => setOpen(true)}
        >
          <ForwardToInboxIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && <SendMailDialog code={code} onClose={() => setOpen(false)} />}
    </>
  );
};

/** A row's actions (spec 02 §2): send by email, re-generate. */
export const RowActions = (_: { label?: string }) => {
  const code = useRecordContext<ActivationCode>();
  if (!code) return null;
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      <SendOneButton code={code} />
      <RegenerateOneButton code={code} />
    </Stack>
  );
};
