import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useId, useMemo, useState } from 'react';
import {
  Button,
  DataTable,
  Form,
  maxLength,
  Pagination,
  ReferenceManyField,
  SaveButton,
  TextInput,
  useCanAccess,
  useCreate,
  useDeleteMany,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { requiredField } from '../../components/validators';
import { ActionButton } from '../../kit/ActionButton';
import { DateField } from '../../kit/dates';
import { errorNotification } from '../../kit/notifyError';
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
  const notify = useNotify();
  const refresh = useRefresh();
  const titleId = useId();
  const [create, { isPending: creating }] = useCreate<TrustedNetwork>();
  const [update, { isPending: updating }] = useUpdate<TrustedNetwork>();
  const validate = useMemo(
    () => ({
      ip: [requiredField(translate(`${N}.fields.ip`)), validNetwork],
      description: [maxLength(WHITE_LIST_LIMITS.description)],
    }),
    [translate],
  );
  const done = (event: 'created' | 'updated') => ({
    onSuccess: () => {
      notify(`${N}.notifications.${event}`, { type: 'info' });
      refresh();
      onClose();
    },
    onError: (error: unknown) => notify(...errorNotification(error)),
  });
  const submit = (values: NetworkValues) => {
    const data = { ip: (values.ip ?? '').trim(), description: (values.description ?? '').trim() };
    if (network)
      update(
        'white-list-ips',
        { id: network.id, data: { ...data, tokenPackId: pack.id }, previousData: network },
        { mutationMode: 'pessimistic', ...done('updated') },
      );
    else create('white-list-ips', { data, meta: { tokenPackId: pack.id } }, done('created'));
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Form
        noValidate
        defaultValues={{ ip: network?.ip ?? '', description: network?.description ?? '' }}
        onSubmit={submit}
      >
        <DialogTitle id={titleId}>{translate(network ? `${N}.editTitle` : `${N}.addTitle`)}</DialogTitle>
        <DialogContent>
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
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={onClose} />
          <SaveButton
            label={network ? 'ra.action.save' : `${N}.add`}
            icon={network ? undefined : <AddIcon />}
            disabled={creating || updating}
            alwaysEnable={!network}
          />
        </DialogActions>
      </Form>
    </Dialog>
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
 * The Trusted Networks tab (spec 01 §2): the networks a sign-in to this pack's services may come from
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
