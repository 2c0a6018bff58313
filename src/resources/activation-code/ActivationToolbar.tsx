import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import { useMutation } from '@tanstack/react-query';
import {
  Button,
  TopToolbar,
  useCanAccess,
  useDataProvider,
  useGetList,
  useListContext,
  useNotify,
  useRefresh,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { ACTIVATION_ERRORS } from '../../../contract/activationCode';
import { ConfirmedButton } from '../../components/ConfirmedButton';
import type { DownloadedFile, PortalDataProvider } from '../../dataProviders';
import { errorNotification } from '../../kit/notifyError';
import { type ActivationCode, RESOURCE, T } from './model';
import { ZipButton } from './ZipButton';

/**
 * How many codes the token pack has, whatever the filters: the list's own total while no filter is set,
 * else a one-row count of the pack.
 */
const usePackTotal = (tokenPackId: string): number | undefined => {
  const { total, filterValues } = useListContext<ActivationCode>();
  const filtered = Object.values(filterValues ?? {}).some((value) => value !== undefined && value !== '');
  const { total: packTotal } = useGetList<ActivationCode>(
    RESOURCE,
    { filter: { tokenPackId }, pagination: { page: 1, perPage: 1 } },
    { enabled: filtered },
  );
  return filtered ? packTotal : total;
};

/** Generate a code for each user of the primary directory who has none; says how many it made. */
const GenerateButton = ({ tokenPackId, onNoDirectory }: ToolbarProps) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { mutate, isPending } = useMutation({
    mutationFn: () => dataProvider.generate<{ generated: number }>(RESOURCE, { tokenPackId }),
    onSuccess: ({ data: { generated } }) => {
      if (generated > 0)
        notify(`${T}.notifications.generated`, { type: 'info', messageArgs: { smart_count: generated } });
      else notify(`${T}.notifications.noneGenerated`, { type: 'info' });
      refresh();
    },
    onError: (error: { status?: number; message?: string }) => {
      if (error.message === ACTIVATION_ERRORS.noDirectory.key) onNoDirectory();
      notify(...errorNotification(error));
    },
  });
  return (
    <Button label={`${T}.actions.generate`} variant="contained" onClick={() => mutate()} disabled={isPending}>
      <QrCode2Icon />
    </Button>
  );
};

/** Re-generate all, after confirming that every current code stops working. */
const RegenerateAllButton = ({ tokenPackId }: { tokenPackId: string }) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <ConfirmedButton
      label={`${T}.actions.regenerateAll`}
      color="warning"
      icon={<AutorenewIcon />}
      title={`${T}.regenerateAll.title`}
      content={`${T}.regenerateAll.content`}
      run={async () => {
        await dataProvider.regenerate(RESOURCE, { tokenPackId, data: { all: true } });
        notify(`${T}.notifications.regenerated`, { type: 'info' });
        refresh();
      }}
    />
  );
};

interface ToolbarProps {
  tokenPackId: string;
  /** The server said the pack has no primary directory (409). */
  onNoDirectory: () => void;
}

/**
 * The list's toolbar (spec 02 §2): back to the token pack, Generate while the pack has no code
 * or Re-generate all once it has some (token-pack:configure), and Download All.
 */
export const ActivationToolbar = ({ tokenPackId, onNoDirectory }: ToolbarProps) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { canAccess: canConfigure } = useCanAccess({ resource: RESOURCE, action: 'configure' });
  const total = usePackTotal(tokenPackId);
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <Button
        component={Link}
        to={`/token-pack-v2/${encodeURIComponent(tokenPackId)}/show`}
        label={`${T}.backToPack`}
      >
        <ArrowBackIcon />
      </Button>
      {canConfigure && total === 0 && (
        <GenerateButton tokenPackId={tokenPackId} onNoDirectory={onNoDirectory} />
      )}
      {canConfigure && total !== undefined && total > 0 && <RegenerateAllButton tokenPackId={tokenPackId} />}
      {total !== undefined && total > 0 && (
        <ZipButton
          label={`${T}.actions.downloadAll`}
          fetch={(onChunk) =>
            dataProvider.downloadAll<DownloadedFile>(RESOURCE, { tokenPackId, meta: { onChunk } })
          }
        />
      )}
    </TopToolbar>
  );
};
