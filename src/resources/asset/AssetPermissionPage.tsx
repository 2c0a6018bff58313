import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SaveIcon from '@mui/icons-material/Save';
import {
  Alert,
  Card,
  CardActions,
  CardContent,
  Checkbox,
  Stack,
  TableCell,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  Button,
  Loading,
  Title,
  useCanAccess,
  useDataProvider,
  useGetOne,
  useRequireAccess,
  useTranslate,
} from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { useWarnWhenDirty } from '../../components/useWarnWhenDirty';
import type { PortalDataProvider } from '../../dataProviders';
import { ActionButton } from '../../kit/ActionButton';
import { errorNotification } from '../../kit/notifyError';
import { SimpleTable } from '../../kit/SimpleTable';
import { sessionStore } from '../../session';
import {
  type AssetPermission,
  canHold,
  changedRoles,
  type Edits,
  ownLosses,
  type RolePermission,
  withAction,
  withAll,
} from './matrix';
import type { Asset } from './model';
import { WhoCanSection, whoCanKey } from './WhoCan';

const T = 'resources.asset.permission';

interface RoleRowProps {
  role: RolePermission;
  actions: readonly string[];
  ticked: readonly string[];
  holdable: boolean;
  readOnly: boolean;
  onChange: (actions: string[]) => void;
}

const RoleRow = ({ role, actions, ticked, holdable, readOnly, onChange }: RoleRowProps) => {
  const translate = useTranslate();
  const disabled = readOnly || !holdable;
  const roleName = role.displayName || role.roleName;
  const actionName = (action: string) => translate(`resources.asset.actionNames.${action}`, { _: action });
  const tickedOfAsset = actions.filter((action) => ticked.includes(action));
  const partly = tickedOfAsset.length > 0 && tickedOfAsset.length < actions.length;
  const row = (
    <TableRow
      hover={!disabled}
      aria-disabled={!holdable || undefined}
      sx={holdable ? undefined : { opacity: 0.55 }}
    >
      <TableCell component="th" scope="row">
        {roleName}
      </TableCell>
      <TableCell>{role.roleName}</TableCell>
      <TableCell>{translate(`resources.asset.scopes.${role.scope}`, { _: role.scope })}</TableCell>
      <TableCell padding="checkbox" align="center">
        <Checkbox
          checked={actions.length > 0 && tickedOfAsset.length === actions.length}
          indeterminate={partly}
          disabled={disabled}
          onChange={(event) => onChange(withAll(ticked, event.target.checked, actions))}
          slotProps={{
            input: {
              'aria-label': translate(`${T}.all`, { role: roleName }),
            },
          }}
        />
      </TableCell>
      {actions.map((action) => (
        <TableCell key={action} padding="checkbox" align="center">
          <Checkbox
            checked={ticked.includes(action)}
            disabled={disabled}
            onChange={(event) => onChange(withAction(ticked, action, event.target.checked, actions))}
            slotProps={{
              input: {
                'aria-label': translate(`${T}.action`, { action: actionName(action), role: roleName }),
              },
            }}
          />
        </TableCell>
      ))}
    </TableRow>
  );
  return holdable ? (
    row
  ) : (
    <Tooltip title={translate(`${T}.scopeDenied`)} placement="top-start" describeChild>
      {row}
    </Tooltip>
  );
};

/**
 * /asset/{assetId}/permission: which actions of the asset each role holds, as a matrix of checkboxes.
 * Save posts the changed roles only (their full action lists); it needs the configure permission on assets,
 * without which the matrix is read-only. Roles whose scope cannot hold the resource are shown disabled.
 */
export const AssetPermissionPage = () => {
  const { assetId = '' } = useParams();
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  usePageTitle(`${T}.pageTitle`);
  const { isPending: isPendingAccess } = useRequireAccess({ resource: 'asset', action: 'show' });
  const { canAccess: canConfigure } = useCanAccess({ resource: 'asset', action: 'configure' });
  // The asset's scope decides which roles may hold it: the matrix waits for it.
  const { data: asset, isPending: isPendingAsset } = useGetOne<Asset>(
    'asset',
    { id: assetId },
    { enabled: !isPendingAccess },
  );
  const queryKey = ['asset', 'getPermission', assetId];
  const permission = useQuery({
    queryKey,
    queryFn: async () => (await dataProvider.getPermission<AssetPermission>('asset', { assetId })).data,
    enabled: !isPendingAccess,
  });
  const [edits, setEdits] = useState<Edits>({});

  const actions = permission.data?.actions ?? asset?.actions ?? [];
  const roles = permission.data?.rolePermissionDetails ?? [];
  const changes = useMemo(() => changedRoles(roles, edits, actions), [roles, edits, actions]);
  // Taking permissions away from one's own roles asks first: the page (or more) may become out of reach.
  const losses = useMemo(
    () => ownLosses(roles, changes, sessionStore.get()?.user?.roleIds ?? []),
    [roles, changes],
  );

  const save = useMutation({
    mutationFn: async () =>
      (
        await dataProvider.savePermission<AssetPermission>('asset', {
          assetId,
          rolePermissionDetails: changes,
        })
      ).data,
    onSuccess: (answer) => {
      if (answer?.rolePermissionDetails) queryClient.setQueryData(queryKey, answer);
      else void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: whoCanKey(assetId) });
      setEdits({});
    },
  });
  useWarnWhenDirty(changes.length > 0 && !save.isPending);

  if (isPendingAccess || permission.isPending || (isPendingAsset && !permission.error)) return <Loading />;
  if (permission.error) {
    const [message, { messageArgs }] = errorNotification(permission.error);
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {translate(message, messageArgs)}
      </Alert>
    );
  }

  const readOnly = !canConfigure;
  const resourceType = permission.data.resourceType;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={`${T}.pageTitle`} />
      <CardContent>
        <Stack spacing={1} sx={{ mb: 2 }}>
          <Typography variant="h5" component="h1">
            {translate(`${T}.title`, { name: asset?.name ?? resourceType })}
          </Typography>
          <Typography color="text.secondary">{translate(`${T}.resourceType`, { resourceType })}</Typography>
          <Alert severity="info">{translate(`${T}.reloadNote`)}</Alert>
          {readOnly && <Alert severity="warning">{translate(`${T}.readOnly`)}</Alert>}
        </Stack>
        {roles.length === 0 ? (
          <Typography color="text.secondary">{translate(`${T}.noRoles`)}</Typography>
        ) : (
          <SimpleTable
            label={`${T}.matrix`}
            headings={[
              `${T}.columns.role`,
              `${T}.columns.name`,
              `${T}.columns.scope`,
              { label: `${T}.columns.all`, align: 'center' },
              ...actions.map((action) => ({
                label: translate(`resources.asset.actionNames.${action}`, { _: action }),
                align: 'center' as const,
              })),
            ]}
          >
            {roles.map((role) => (
              <RoleRow
                key={role.roleId}
                role={role}
                actions={actions}
                ticked={edits[String(role.roleId)] ?? role.actions}
                holdable={canHold(role.scope, asset?.scope)}
                readOnly={readOnly || save.isPending}
                onChange={(next) => setEdits((current) => ({ ...current, [String(role.roleId)]: next }))}
              />
            ))}
          </SimpleTable>
        )}
        <WhoCanSection assetId={assetId} />
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1 }}>
        {!readOnly && (
          <ActionButton
            label="ra.action.save"
            variant="contained"
            icon={<SaveIcon />}
            on="none"
            run={() => save.mutateAsync()}
            disabled={changes.length === 0 || save.isPending}
            confirm={
              losses.length > 0
                ? {
                    title: `${T}.ownLoss.title`,
                    content: `${T}.ownLoss.content`,
                    options: {
                      resource: resourceType,
                      roles: losses
                        .map(
                          ({ role, removed }) =>
                            `${role.displayName || role.roleName} (${removed
                              .map((action) =>
                                translate(`resources.asset.actionNames.${action}`, { _: action }),
                              )
                              .join(', ')})`,
                        )
                        .join('; '),
                    },
                  }
                : undefined
            }
            success="resources.asset.notifications.permissionsSaved"
            refresh={false}
          />
        )}
        <Button label="ra.action.cancel" onClick={() => navigate('/asset')}>
          <ArrowBackIcon />
        </Button>
        {changes.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {translate(`${T}.changed`, { smart_count: changes.length })}
          </Typography>
        )}
      </CardActions>
    </Card>
  );
};
