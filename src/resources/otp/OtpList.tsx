import PasswordIcon from '@mui/icons-material/Password';
import { Alert, Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  DataTable,
  List,
  Pagination,
  SearchInput,
  SelectInput,
  SimpleList,
  useCanAccess,
  useDataProvider,
  useGetList,
  useListContext,
  useTranslate,
} from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { OTP_PAGE_SIZES } from '../../../contract/otp';
import type { ServiceInstanceRecord } from '../../../contract/service';
import type { TokenPackRecord } from '../../../contract/tokenPack';
import { getProductName } from '../../config';
import type { PortalDataProvider } from '../../dataProviders';
import { DateField } from '../../kit/dates';
import { ListError } from '../../kit/ListError';
import { errorNotification } from '../../kit/notifyError';
import { SmallScreenList } from '../../kit/SmallScreenList';
import { BulkActions } from './BulkActions';
import { type OtpCode, RESOURCE, serviceIdOf, T } from './model';
import { SeedField } from './OtpFields';
import { OtpToolbar } from './OtpToolbar';
import { RowActions } from './RowActions';

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

/** No service chosen yet: OTP codes are a service's, so the page says to choose one. */
const ChooseService = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', m: 4 }}>
      <PasswordIcon sx={{ fontSize: 96, opacity: 0.4 }} aria-hidden />
      <Typography variant="h5" component="p" gutterBottom>
        {translate(`${T}.chooseService.title`)}
      </Typography>
      <Typography color="text.secondary">{translate(`${T}.chooseService.body`)}</Typography>
    </Box>
  );
};

/** No row: with a username typed, that none matches; without, what OTP codes are (Generate is in the toolbar). */
const NoCodes = () => {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  if (filterValues?.username)
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {translate(`${T}.empty.filtered`)}
      </Typography>
    );
  return (
    <Box sx={{ p: 3, textAlign: 'center' }}>
      <Typography variant="h6" component="p" gutterBottom>
        {translate(`${T}.empty.title`)}
      </Typography>
      <Typography color="text.secondary">{translate(`${T}.empty.body`)}</Typography>
    </Box>
  );
};

/** The browser tab says which service's codes these are. */
const useDocumentTitle = (title: string) => {
  const translate = useTranslate();
  useEffect(() => {
    document.title = translate('portal.pageTitle', { title, productName: getProductName() });
  }, [title, translate]);
};

/** The token pack of a service (spec 02 §7: the OTP calls go through it), with the service's name. */
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
 * /otp (spec 01 §2; spec 02 §2 OTP list): one service's OTP codes, the service chosen in an always-shown
 * filter and carried in the URL (`/otp?filter={"serviceId":…}`, as the service page links here). Titled
 * '<service name> OTP codes'; username, OTP secret and generated date, a username filter, sorting and the
 * page sizes of §9; the toolbar's Generate or Re-generate all; each row's send by email and re-generate;
 * the selection's Delete, Send Mail and Re-generate. A simple list on a phone, with the row actions.
 */
export const OtpList = () => {
  const translate = useTranslate();
  const [searchParams] = useSearchParams();
  const serviceId = serviceIdOf(searchParams.get('filter'));
  const { data: pack, error: packError } = useServicePack(serviceId);
  const { canAccess: canConfigure } = useCanAccess({ resource: RESOURCE, action: 'configure' });
  const { canAccess: canDelete } = useCanAccess({ resource: RESOURCE, action: 'delete' });
  const current = pack?.services.find((service) => service.id === serviceId);
  const serviceName = current?.instanceName;
  const title = serviceName
    ? translate(`${T}.title`, { name: serviceName })
    : translate(`${T}.name`, { smart_count: 2 });
  useDocumentTitle(title);
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
    <List
      error={<ListError />}
      resource={RESOURCE}
      title={<span>{title}</span>}
      filters={filters}
      sort={{ field: 'username', order: 'ASC' }}
      perPage={25}
      queryOptions={scope ? {} : { enabled: false }}
      pagination={scope ? <Pagination rowsPerPageOptions={[...OTP_PAGE_SIZES]} /> : false}
      // The table scrolls within the page rather than widening it (width 0, min-width 100%); only the
      // table's wrapper scrolls, so that the bulk actions toolbar above it is not clipped.
      sx={{
        '& .RaList-content': { width: 0, minWidth: '100%' },
        '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
      }}
      actions={scope ? <OtpToolbar {...scope} /> : false}
      empty={false}
      exporter={false}
    >
      {!serviceId ? (
        <ChooseService />
      ) : error ? (
        <Alert severity="error" sx={{ m: 1 }}>
          {translate(error[0], error[1].messageArgs)}
        </Alert>
      ) : scope ? (
        <SmallScreenList
          small={
            <SimpleList<OtpCode>
              primaryText={(record) => record.username}
              secondaryText={() => <SeedField wrap />}
              rightIcon={canConfigure ? () => <RowActions /> : undefined}
              rowClick={false}
              empty={<NoCodes />}
            />
          }
        >
          <DataTable
            rowClick={false}
            bulkActionButtons={canConfigure || canDelete ? <BulkActions {...scope} /> : false}
            empty={<NoCodes />}
          >
            <Column source="username" />
            <Column source="seedNumber" disableSort>
              <SeedField />
            </Column>
            <Column source="generatedDate">
              <DateField source="generatedDate" showTime />
            </Column>
            {canConfigure && (
              <Column label={false} disableSort align="right">
                <RowActions />
              </Column>
            )}
          </DataTable>
        </SmallScreenList>
      ) : (
        // The service's token pack is loading.
        <Box sx={{ minHeight: 96 }} />
      )}
    </List>
  );
};
