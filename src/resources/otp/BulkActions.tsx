import AutorenewIcon from '@mui/icons-material/Autorenew';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { useMutation } from '@tanstack/react-query';
import { Button, useCanAccess, useDataProvider, useListContext, useNotify, useRefresh } from 'react-admin';
import { ConfirmedButton } from '../../components/ConfirmedButton';
import { ConfirmedDeleteButton } from '../../components/ConfirmedDeleteButton';
import type { PortalDataProvider } from '../../dataProviders';
import { errorNotification } from '../../kit/notifyError';
import { type OtpCode, type OtpScope, RESOURCE, type SendMailAnswer, T } from './model';

/**
 * Send Mail to the selected users (spec 02 §8: '{n} selected OTP code(s) are sent successfully.', n the
 * number queued); users without an address are skipped, and the message says how many.
 */
const SendSelectedButton = ({ serviceId }: Pick<OtpScope, 'serviceId'>) => {
  const { selectedIds, onUnselectItems } = useListContext<OtpCode>();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const { mutate, isPending } = useMutation({
    mutationFn: () =>
      dataProvider.sendMail<SendMailAnswer>(RESOURCE, { data: { serviceId, ids: selectedIds } }),
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

/** Re-generate the selected OTP codes after confirming: 'Re-generate {n} OTP codes' (spec 02 §8). */
const RegenerateSelectedButton = ({ serviceId, tokenPackId }: OtpScope) => {
  const { selectedIds, onUnselectItems } = useListContext<OtpCode>();
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
        const { data } = await dataProvider.regenerate<{ regenerated: number }>(RESOURCE, {
          tokenPackId,
          data: { serviceId, ids: selectedIds },
        });
        notify(`${T}.notifications.regenerated`, { type: 'info', messageArgs: { n: data.regenerated } });
        onUnselectItems();
        refresh();
      }}
    />
  );
};

/**
 * Delete the selected OTP codes after "Delete selected user's OTP." (all or none): their codes stop working;
 * then 'Deleted {n} OTP codes' (spec 02 §8).
 */
const DeleteSelectedButton = ({ serviceId, tokenPackId }: OtpScope) => {
  const { selectedIds, onUnselectItems } = useListContext<OtpCode>();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<PortalDataProvider>();
  return (
    <ConfirmedDeleteButton
      title={`${T}.delete.title`}
      content={`${T}.delete.content`}
      remove={async () => {
        await dataProvider.deleteMany(RESOURCE, { ids: selectedIds, meta: { tokenPackId, serviceId } });
        notify(`${T}.notifications.deleted`, { type: 'info', messageArgs: { n: selectedIds.length } });
        onUnselectItems(true);
        refresh();
      }}
    />
  );
};

/**
 * The actions on the selected rows (spec 02 §2 OTP list): Send Mail and Re-generate (token-pack:configure),
 * Delete (token-pack:delete).
 */
export const BulkActions = (scope: OtpScope) => {
  const { canAccess: canConfigure } = useCanAccess({ resource: RESOURCE, action: 'configure' });
  const { canAccess: canDelete } = useCanAccess({ resource: RESOURCE, action: 'delete' });
  return (
    <>
      {canConfigure && <SendSelectedButton serviceId={scope.serviceId} />}
      {canConfigure && <RegenerateSelectedButton {...scope} />}
      {canDelete && <DeleteSelectedButton {...scope} />}
    </>
  );
};
