import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import PasswordIcon from '@mui/icons-material/Password';
import { useMutation } from '@tanstack/react-query';
import {
  Button,
  CanAccess,
  TopToolbar,
  useCanAccess,
  useDataProvider,
  useGetList,
  useListContext,
  useNotify,
  useRefresh,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { ConfirmedButton } from '../../components/ConfirmedButton';
import type { PortalDataProvider } from '../../dataProviders';
import { errorNotification } from '../../kit/notifyError';
import { type OtpCode, type OtpScope, RESOURCE, T } from './model';

/**
 * How many OTP codes the service has, whatever the username filter: the list's own total while no username
 * is typed, else a one-row count of the service.
 */
const useServiceTotal = (serviceId: string): number | undefined => {
  const { total, filterValues } = useListContext<OtpCode>();
  const filtered = Boolean(filterValues?.username);
  const { total: serviceTotal } = useGetList<OtpCode>(
    RESOURCE,
    { filter: { serviceId }, pagination: { page: 1, perPage: 1 } },
    { enabled: filtered },
  );
  return filtered ? serviceTotal : total;
};

/** Generate an OTP secret for every user of the service's token pack who has none; says how many. */
const GenerateButton = ({ serviceId, tokenPackId }: OtpScope) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { mutate, isPending } = useMutation({
    mutationFn: () =>
      dataProvider.generate<{ generated: number }>(RESOURCE, { tokenPackId, data: { serviceId } }),
    onSuccess: ({ data: { generated } }) => {
      if (generated > 0)
        notify(`${T}.notifications.generated`, { type: 'info', messageArgs: { smart_count: generated } });
      else notify(`${T}.notifications.noneGenerated`, { type: 'info' });
      refresh();
    },
    onError: (error) => notify(...errorNotification(error)),
  });
  return (
    <Button label={`${T}.actions.generate`} variant="contained" onClick={() => mutate()} disabled={isPending}>
      <PasswordIcon />
    </Button>
  );
};

/**
 * Re-generate all, after 'Re-generate all OTP codes?' / 'All current OTP codes will be unavailable.'
 * (spec 02 §8); then 'Re-generate n OTP codes'.
 */
const RegenerateAllButton = ({ serviceId, tokenPackId }: OtpScope) => {
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
        const { data } = await dataProvider.regenerate<{ regenerated: number }>(RESOURCE, {
          tokenPackId,
          data: { serviceId, all: true },
        });
        notify(`${T}.notifications.regenerated`, { type: 'info', messageArgs: { n: data.regenerated } });
        refresh();
      }}
    />
  );
};

/**
 * The list's toolbar: back to the service page (for those who may open it), and Generate while the service
 * has no OTP code or Re-generate all once it has some (token-pack:configure).
 */
export const OtpToolbar = ({ serviceId, tokenPackId }: OtpScope) => {
  const { canAccess: canConfigure } = useCanAccess({ resource: RESOURCE, action: 'configure' });
  const total = useServiceTotal(serviceId);
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <CanAccess resource="service-launch" action="edit">
        <Button
          component={Link}
          to={`/service-launch/${encodeURIComponent(serviceId)}`}
          label={`${T}.backToService`}
        >
          <ArrowBackIcon />
        </Button>
      </CanAccess>
      {canConfigure && total === 0 && <GenerateButton serviceId={serviceId} tokenPackId={tokenPackId} />}
      {canConfigure && total !== undefined && total > 0 && (
        <RegenerateAllButton serviceId={serviceId} tokenPackId={tokenPackId} />
      )}
    </TopToolbar>
  );
};
