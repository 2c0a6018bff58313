import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { Box, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Button,
  DataTable,
  Pagination,
  ReferenceManyField,
  useCanAccess,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { ManageServiceUsers, SERVICE_USER_LISTS } from '../../../contract/service';
import type { UserRecord } from '../../../contract/user';
import { StatusField } from '../../components/StatusField';
import { UserPicker } from '../../components/UserPicker';
import type { PortalDataProvider } from '../../dataProviders';
import { ActionButton } from '../../kit/ActionButton';
import { errorNotification } from '../../kit/notifyError';
import { type ServiceInstance, T } from './model';

export type ServiceUserList = keyof typeof SERVICE_USER_LISTS;

/** The words of each list in the catalogue (`resources.service-launch.users.<words>.…`). */
const WORDS: Record<ServiceUserList, 'bypass' | 'seamless'> = {
  deny_service_users: 'bypass',
  seamless_service_users: 'seamless',
};

/** Adds users to a list (`manage`: the users/{customerId}/manage_… call). */
const useManage = (list: ServiceUserList, serviceId: string, onDone?: () => void) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (change: Omit<ManageServiceUsers, 'serviceId'>) =>
      dataProvider.manage(list, { data: { serviceId, ...change } }),
    onSuccess: (_, change) => {
      notify(`${T}.notifications.usersAdded`, {
        type: 'info',
        messageArgs: { smart_count: change.addUserIds.length },
      });
      onDone?.();
      refresh();
    },
    onError: (error) => {
      onDone?.();
      notify(...errorNotification(error));
    },
  });
};

/** Takes the selected users off the list, after confirmation. */
const RemoveUsersButton = ({ list, serviceId }: { list: ServiceUserList; serviceId: string }) => (
  <ActionButton
    on="selected"
    label={`${T}.users.remove`}
    color="error"
    icon={<PersonRemoveIcon />}
    resource={list}
    action="manage"
    params={({ ids }) => ({ data: { serviceId, addUserIds: [], removeUserIds: ids.map(String) } })}
    confirm={{ title: `${T}.users.removeTitle`, content: `${T}.users.${WORDS[list]}.removeContent` }}
    success={`${T}.notifications.usersRemoved`}
  />
);

const Col = DataTable.Col<UserRecord>;
const label = (field: string) => `${T}.users.fields.${field}`;

/**
 * A service's 2FA Bypass List or Seamless Login List (docs/requirements/portal-routes-and-menus.md): the users on it, a page at a time; for
 * holders of service_instance:configure, Add users (the dual-list picker over the customer's users) and
 * removing the selected users.
 */
export const ServiceUsers = ({ list }: { list: ServiceUserList }) => {
  const record = useRecordContext<ServiceInstance>();
  const translate = useTranslate();
  const { canAccess: canConfigure } = useCanAccess({ resource: 'service-launch', action: 'configure' });
  const [picking, setPicking] = useState(false);
  const serviceId = String(record?.id ?? '');
  const { mutate } = useManage(list, serviceId, () => setPicking(false));
  if (!record) return null;
  const words = WORDS[list];
  return (
    <Box sx={{ width: '100%' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
      >
        <Typography color="text.secondary">{translate(`${T}.users.${words}.help`)}</Typography>
        {canConfigure && (
          <Button label={`${T}.users.add`} onClick={() => setPicking(true)} sx={{ flexShrink: 0 }}>
            <PersonAddIcon />
          </Button>
        )}
      </Stack>
      <ReferenceManyField
        reference={list}
        target="serviceId"
        sort={{ field: 'username', order: 'ASC' }}
        perPage={10}
        pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
        empty={<Typography color="text.secondary">{translate(`${T}.users.${words}.empty`)}</Typography>}
      >
        <DataTable
          rowClick={false}
          bulkActionButtons={canConfigure ? <RemoveUsersButton list={list} serviceId={serviceId} /> : false}
        >
          <Col source="username" label={label('username')} />
          <Col source="displayName" label={label('displayName')} />
          <Col source="email" label={label('email')} />
          <Col source="status" label={label('status')} disableSort field={StatusField} />
        </DataTable>
      </ReferenceManyField>
      {picking && (
        <UserPicker
          title={`${T}.users.${words}.pickTitle`}
          onSelect={(ids) => mutate({ addUserIds: ids, removeUserIds: [] })}
          onClose={() => setPicking(false)}
        />
      )}
    </Box>
  );
};
