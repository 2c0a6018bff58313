import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PasswordIcon from '@mui/icons-material/Password';
import { Alert, Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  CanAccess,
  DataTable,
  SearchInput,
  SelectInput,
  useDataProvider,
  useGetList,
  useTranslate,
} from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { OTP_PAGE_SIZES } from '../../../contract/otp';
import type { ServiceInstanceRecord } from '../../../contract/service';
import type { TokenPackRecord } from '../../../contract/tokenPack';
import { CodeList } from '../../components/codes/CodeList';
import { CodeToolbar } from '../../components/codes/codeActions';
import type { CodeKind } from '../../components/codes/codes';
import type { PortalDataProvider } from '../../dataProviders';
import { DateColumn } from '../../kit/dates';
import { EmptyState } from '../../kit/ListEmpty';
import { errorNotification } from '../../kit/notifyError';
import { type OtpCode, RESOURCE, serviceIdOf, T } from './model';
import { SeedField } from './OtpFields';

/** OTP codes, as the code list shows them: a service's, filtered by username. */
const KIND: CodeKind = {
  resource: RESOURCE,
  texts: T,
  notices: { sentOne: 'sentSelected', regeneratedOne: 'regeneratedOne' },
  filtered: (filterValues) => Boolean(filterValues.username),
  scopeFilter: ({ serviceId }) => ({ serviceId }),
};

interface Choice {
  id: string;
  name: string;
}

/**
 * The service filter: a select of the customer's services (the service-instance list), always shown. The
 * service the page is for stays among the choices even when that list cannot be read.
 */
const ServiceInput = ({ current }: { source: string; alwaysOn?: boolean; current?: Choice }) => {
  const { data, isPending } = useGetList<ServiceInstanceRecord>('service-instance', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'instanceName', order: 'ASC' },
  });
  const choices: Choice[] = (data ?? []).map((service) => ({ id: service.id, name: service.instanceName }));
  if (current && !choices.some((choice) => choice.id === current.id)) choices.unshift(current);
  return (
    <SelectInput
      source="serviceId"
      label={`${T}.fields.serviceId`}
      choices={choices}
      emptyText={`${T}.filters.chooseService`}
      isPending={isPending && !current}
      sx={{ minWidth: 200 }}
    />
  );
};

/** The token pack of a service (docs/requirements/billing-services-data-calls.md: the OTP calls go through it), with the service's name. */
const useServicePack = (serviceId: string | undefined) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: ['token-pack-v2', 'getByServiceId', serviceId],
    queryFn: async () =>
      (await dataProvider.getByServiceId<TokenPackRecord>('token-pack-v2', { serviceId })).data,
    enabled: Boolean(serviceId),
    retry: false,
  });
};

const Column = DataTable.Col<OtpCode>;

/**
 * /otp (docs/requirements/portal-routes-and-menus.md; docs/requirements/billing-services-screens.md OTP list): one service's OTP codes, the service chosen in an always-shown
 * filter and carried in the URL (`/otp?filter={"serviceId":…}`, as the service page links here). Titled
 * '<service name> OTP codes'; username, OTP secret and generated date, a username filter; back to the
 * service; the rest is every code list's (CodeList). Until a service is chosen, the page says to choose one.
 */
export const OtpList = () => {
  const translate = useTranslate();
  const [searchParams] = useSearchParams();
  const serviceId = serviceIdOf(searchParams.get('filter'));
  const { data: pack, error: packError } = useServicePack(serviceId);
  const current = pack?.services.find((service) => service.id === serviceId);
  const serviceName = current?.instanceName;
  const filters = [
    <ServiceInput
      key="serviceId"
      source="serviceId"
      alwaysOn
      current={serviceId && serviceName ? { id: serviceId, name: serviceName } : undefined}
    />,
    <SearchInput
      key="username"
      source="username"
      placeholder={translate(`${T}.filters.username`)}
      alwaysOn
    />,
  ];
  // The codes are read once the service's token pack is known: an unknown service lists nothing.
  const scope = serviceId && pack ? { serviceId, tokenPackId: pack.id } : undefined;
  const error = serviceId && packError ? errorNotification(packError) : undefined;
  return (
    <CodeList<OtpCode>
      kind={KIND}
      scope={scope}
      name={serviceName}
      pageSizes={OTP_PAGE_SIZES}
      filters={filters}
      rows={
        !serviceId ? (
          // OTP codes are a service's: the page says to choose one.
          <EmptyState
            icon={PasswordIcon}
            title={`${T}.chooseService.title`}
            body={`${T}.chooseService.body`}
          />
        ) : error ? (
          <Alert severity="error" sx={{ m: 1 }}>
            {translate(error[0], error[1].messageArgs)}
          </Alert>
        ) : scope ? undefined : (
          // The service's token pack is loading.
          <Box sx={{ minHeight: 96 }} />
        )
      }
      toolbar={
        scope ? (
          <CodeToolbar
            kind={KIND}
            scope={scope}
            back={
              <CanAccess resource="service-launch" action="edit">
                <Button
                  component={Link}
                  to={`/service-launch/${encodeURIComponent(scope.serviceId)}`}
                  label={`${T}.backToService`}
                >
                  <ArrowBackIcon />
                </Button>
              </CanAccess>
            }
          />
        ) : (
          false
        )
      }
      phone={{ primaryText: (record) => record.username, secondaryText: () => <SeedField wrap /> }}
      columns={[
        <Column key="username" source="username" />,
        <Column key="seed" source="seedNumber" disableSort field={SeedField} />,
        <DateColumn key="generated" source="generatedDate" showTime />,
      ]}
    />
  );
};
