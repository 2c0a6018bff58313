import AutorenewIcon from '@mui/icons-material/Autorenew';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { useMutation } from '@tanstack/react-query';
import { Button, useCanAccess, useDataProvider, useListContext, useNotify, useRefresh } from 'react-admin';
import { ConfirmedButton } from '../../components/ConfirmedButton';
import { ConfirmedDeleteButton } from '../../components/ConfirmedDeleteButton';
import type { DownloadedFile, PortalDataProvider } from '../../dataProviders';
import { errorNotification } from '../../kit/notifyError';
import { type ActivationCode, RESOURCE, type SendMailAnswer, T } from './model';
import { ZipButton } from './ZipButton';

/**
 * Send Mail to the selected codes' users (spec 02 §8: 'n selected activation code(s) are sent successfully',
 * n the number queued); codes whose user has no address are skipped, and the message says how many.
 */
const SendSelectedButton = () => {
  const { selectedIds, onUnselectItems } = useListContext<ActivationCode>();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const { mutate, isPending } = useMutation({
    mutationFn: () => dataProvider.sendMail<SendMailAnswer>(RESOURCE, { data: { ids: selectedIds } }),
    onSuccess: ({ data: { queued, skipped } }) => {
      if (queued === 0) notify(`${T}.notifications.noneSent`, { type: 'warning' });
      else
        notify(`${T}.notifications.${skipped > 0 ? 'sentSelectedSkipped' : 'sentSelected'}`, {
          type: 'info',
          messageArgs: { n: queued, skipped },
        });
      onUnselectItems();
    },
    onError: (error) => notify(...errorNotification(error)),
  });
  return (
    <Button label={`${T}.actions.sendMail`} onClick={() => mutate()} disabled={isPending}>
      <ForwardToInboxIcon />
    </Button>
  );
};

/** Re-generate the selected codes after confirming: their current codes stop working. */
const RegenerateSelectedButton = ({ tokenPackId }: { tokenPackId: string }) => {
  const { selectedIds, onUnselectItems } = useListContext<ActivationCode>();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <ConfirmedButton
      label={`${T}.actions.regenerate`}
      icon={<AutorenewIcon />}
      title={`${T}.regenerateSelected.title`}
      content={`${T}.regenerateSelected.content`}
      translateOptions={{ smart_count: selectedIds.length }}
      run={async () => {
        await dataProvider.regenerate(RESOURCE, { tokenPackId, data: { ids: selectedIds } });
        notify(`${T}.notifications.regenerated`, { type: 'info' });
        onUnselectItems();
        refresh();
      }}
    />
  );
};

/** Delete the selected codes after confirming (all or none): they no longer activate. */
const DeleteSelectedButton = () => {
  const { selectedIds, onUnselectItems } = useListContext<ActivationCode>();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<PortalDataProvider>();
  return (
    <ConfirmedDeleteButton
      title={`${T}.delete.title`}
      content={`${T}.delete.content`}
      translateOptions={{ smart_count: selectedIds.length }}
      remove={async () => {
        await dataProvider.deleteMany(RESOURCE, { ids: selectedIds });
        notify(`${T}.notifications.deleted`, {
          type: 'info',
          messageArgs: { smart_count: selectedIds.length },
        });
        onUnselectItems(true);
        refresh();
      }}
    />
  );
};

/** Download Zip QR Code: the QR codes of the selected codes. */
const ZipSelectedButton = ({ tokenPackId }: { tokenPackId: string }) => {
  const { selectedIds } = useListContext<ActivationCode>();
  const dataProvider = useDataProvider<PortalDataProvider>();
  return (
    <ZipButton
      label={`${T}.actions.downloadZip`}
      fetch={(onChunk) =>
        dataProvider.zip<DownloadedFile>(RESOURCE, {
          tokenPackId,
          data: { ids: selectedIds },
          meta: { onChunk },
        })
      }
    />
  );
};

/**
 * The actions on the selected rows (spec 02 §2): delete (token-pack:delete), Send Mail and Re-generate
 * (token-pack:configure), Download Zip QR Code (whoever sees the codes, as the contract allows).
 */
export const BulkActions = ({ tokenPackId }: { tokenPackId: string }) => {
  const { canAccess: canConfigure } = useCanAccess({ resource: RESOURCE, action: 'configure' });
  const { canAccess: canDelete } = useCanAccess({ resource: RESOURCE, action: 'delete' });
  return (
    <>
      {canConfigure && <SendSelectedButton />}
      {canConfigure && <RegenerateSelectedButton tokenPackId={tokenPackId} />}
      <ZipSelectedButton tokenPackId={tokenPackId} />
      {canDelete && <DeleteSelectedButton />}
    </>
  );
};
