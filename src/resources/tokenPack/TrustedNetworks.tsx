import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import {
  Button,
  DataTable,
  maxLength,
  Pagination,
  ReferenceManyField,
  TextInput,
  useCanAccess,
  useCreate,
  useDeleteMany,
  useRecordContext,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { requiredField } from '../../components/validators';
import { ActionButton } from '../../kit/ActionButton';
import { DialogForm } from '../../kit/DialogForm';
import { DateField } from '../../kit/dates';
import { T, type TokenPack, type TrustedNetwork, validNetwork, WHITE_LIST_LIMITS } from './tokenPackFields';

const N = `${T}.networks`;
const Column = DataTable.Col<TrustedNetwork>;

interface NetworkValues {
  ip?: string;
  description?: string;
}

/**
 * Adds a trusted network to the pack, or changes one (`network`): its IPv4 or IPv6 address or CIDR range,
 * checked with the contract's rule before anything is sent, and a description. The server's refusal (a
 * network already trusted, too many) is shown in its words and the dialog stays open.
 */
const NetworkDialog = ({
  pack,
  network,
  onClose,
}: {
  pack: TokenPack;
  network?: TrustedNetwork;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const [create] = useCreate<TrustedNetwork>();
  const [update] = useUpdate<TrustedNetwork>();
  const validate = useMemo(
    () => ({
      ip: [requiredField(translate(`${N}.fields.ip`)), validNetwork],
      description: [maxLength(WHITE_LIST_LIMITS.description)],
    }),
    [translate],
  );
  const submit = (values: NetworkValues) => {
    const data = { ip: (values.ip ?? '').trim(), description: (values.description ?? '').trim() };
    const options = { mutationMode: 'pessimistic', returnPromise: true } as const;
    return network
      ? update(
          'white-list-ips',
          { id: network.id, data: { ...data, tokenPackId: pack.id }, previousData: network },
          options,
        )
      : create('white-list-ips', { data, meta: { tokenPackId: pack.id } }, { returnPromise: true });
  };
  return (
    <DialogForm<NetworkValues>
      title={network ? `${N}.editTitle` : `${N}.addTitle`}
      defaultValues={{ ip: network?.ip ?? '', description: network?.description ?? '' }}
      submit={submit}
      success={`${N}.notifications.${network ? 'updated' : 'created'}`}
      submitLabel={network ? 'ra.action.save' : `${N}.add`}
      submitIcon={network ? undefined : <AddIcon />}
      requireChange={Boolean(network)}
      onClose={onClose}
    >
      <TextInput
        source="ip"
        label={`${N}.fields.ip`}
        validate={validate.ip}
        isRequired
        helperText={`${N}.helpers.ip`}
        slotProps={{ htmlInput: { maxLength: WHITE_LIST_LIMITS.ip } }}
        fullWidth
        autoFocus
      />
      <TextInput
        source="description"
        label={`${N}.fields.description`}
        validate={validate.description}
        slotProps={{ htmlInput: { maxLength: WHITE_LIST_LIMITS.description } }}
        multiline
        minRows={2}
        fullWidth
      />
    </DialogForm>
  );
};

/** Deletes the selected networks of the pack after confirmation (DELETE …/delete-many, all or none). */
const DeleteSelectedButton = ({ pack }: { pack: TokenPack }) => {
  const [deleteMany] = useDeleteMany<TrustedNetwork>();
  return (
    <ActionButton
      on="selected"
      label={`${N}.deleteSelected`}
      color="error"
      icon={<DeleteIcon />}
      run={({ ids }) =>
        deleteMany(
          'white-list-ips',
          { ids: ids as string[], meta: { tokenPackId: pack.id } },
          { mutationMode: 'pessimistic', returnPromise: true },
        )
      }
      confirm={{ title: `${N}.delete.title`, content: `${N}.delete.content` }}
      success={`${N}.notifications.deleted`}
    />
  );
};

/** A row's Edit, opening the dialog with its values. */
const EditNetworkButton = ({ onEdit }: { onEdit: (network: TrustedNetwork) => void }) => {
  const network = useRecordContext<TrustedNetwork>();
  const translate = useTranslate();
  if (!network) return null;
  return (
    <Button
      label="ra.action.edit"
      aria-label={translate(`${N}.editOne`, { ip: network.ip })}
      onClick={(event) => {
        event.stopPropagation();
        onEdit(network);
      }}
    >
      <EditIcon />
    </Button>
  );
};

/**
 * The Trusted Networks tab (docs/requirements/portal-routes-and-menus.md): the networks a sign-in to this pack's services may come from
 * without the second factor, with their description and date; holders of token-pack:configure add, change
 * and delete them (each change at once).
 */
export const TrustedNetworks = () => {
  const pack = useRecordContext<TokenPack>();
  const translate = useTranslate();
  const { canAccess: canConfigure } = useCanAccess({ resource: 'token-pack-v2', action: 'configure' });
  const [dialog, setDialog] = useState<{ network?: TrustedNetwork } | undefined>();
  if (!pack) return null;
  return (
    <Box sx={{ width: '100%' }}>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate(`${N}.explanation`)}
      </Alert>
      {canConfigure && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
          <Button label={`${N}.add`} variant="contained" onClick={() => setDialog({})}>
            <AddIcon />
          </Button>
        </Stack>
      )}
      <ReferenceManyField
        reference="white-list-ips"
        target="tokenPackId"
        sort={{ field: 'createdDate', order: 'ASC' }}
        perPage={25}
        pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
        empty={<Typography color="text.secondary">{translate(`${N}.empty`)}</Typography>}
      >
        <Box sx={{ overflowX: 'auto' }}>
          <DataTable
            rowClick={false}
            bulkActionButtons={canConfigure ? <DeleteSelectedButton pack={pack} /> : false}
          >
            <Column source="ip" label={`${N}.fields.ip`} sx={{ fontFamily: 'monospace' }} />
            <Column source="description" label={`${N}.fields.description`} />
            <Column source="createdDate" label={`${N}.fields.createdDate`}>
              <DateField source="createdDate" showTime />
            </Column>
            {canConfigure && (
              <Column label={false} disableSort align="right">
                <EditNetworkButton onEdit={(network) => setDialog({ network })} />
              </Column>
            )}
          </DataTable>
        </Box>
      </ReferenceManyField>
      {dialog && <NetworkDialog pack={pack} network={dialog.network} onClose={() => setDialog(undefined)} />}
    </Box>
  );
};
