import FaceIcon from '@mui/icons-material/Face';
import PinIcon from '@mui/icons-material/Pin';
import {
  Alert,
  Box,
  List,
  ListItem,
  ListItemText,
  TableCell,
  TablePagination,
  TableRow,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useEffect, useState } from 'react';
import {
  BooleanField,
  EditButton,
  EmailField,
  Labeled,
  Show,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  useCanAccess,
  useDataProvider,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { GatewaySignIn } from '../../../contract/gateway';
import { StatusField } from '../../components/StatusField';
import { ActionButton } from '../../kit/ActionButton';
import { DateField, formatDate } from '../../kit/dates';
import { errorNotification } from '../../kit/notifyError';
import { ScrollableTabs } from '../../kit/ScrollableTabs';
import { SimpleTable } from '../../kit/SimpleTable';
import { ChoiceBox } from '../../kit/TextBox';
import type { User } from './userFields';

const SendPinButton = () => (
  <ActionButton<User>
    label="resources.users.actions.sendPin"
    icon={<PinIcon />}
    action="sendTsApin"
    params={({ record }) => ({ id: record?.id })}
    success={(_, { record }) => [
      'resources.users.actions.pinSent',
      { type: 'info', messageArgs: { username: record?.username } },
    ]}
    refresh={false}
  />
);

const ResetFaceIdButton = () => (
  <ActionButton<User>
    label="resources.users.actions.resetFaceId"
    icon={<FaceIcon />}
    action="resetFaceId"
    params={({ record }) => ({ userId: record?.id, tokenPackId: record?.tokenPackIds?.[0] })}
    refusal={(user) => (user.tokenPackIds?.[0] ? undefined : 'resources.users.noTokenPack.faceId')}
    confirm={{
      title: 'resources.users.actions.resetFaceIdTitle',
      content: 'resources.users.actions.resetFaceIdContent',
      options: ({ record }) => ({ username: record?.username }),
    }}
    success={(_, { record }) => [
      'resources.users.actions.faceIdReset',
      { type: 'info', messageArgs: { username: record?.username } },
    ]}
    refresh={false}
  />
);

const Actions = () => {
  const { canAccess: canModify } = useCanAccess({ resource: 'users', action: 'modify' });
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <EditButton />
      {canModify && <SendPinButton />}
      {canModify && <ResetFaceIdButton />}
    </TopToolbar>
  );
};

/** The token pack a tab reads, chosen among the user's (the first by default). */
const useTokenPack = () => {
  const user = useRecordContext<User>();
  const packs = user?.tokenPackIds ?? [];
  const [chosen, setChosen] = useState<string | undefined>(packs[0]);
  return { packs, chosen: chosen ?? packs[0], setChosen };
};

const TokenPackPicker = ({
  packs,
  chosen,
  onChange,
}: {
  packs: string[];
  chosen: string;
  onChange: (id: string) => void;
}) => {
  if (packs.length < 2) return null;
  return (
    <ChoiceBox
      label="resources.users.tokenPack"
      value={chosen}
      choices={packs.map((id) => ({ id, name: id }))}
      onChange={onChange}
      sx={{ mb: 2, minWidth: 240 }}
    />
  );
};

interface HistoryRow {
  id: string;
  date: string;
  action: string;
  actor: string | null;
  changes: Record<string, unknown>;
}

/** History (docs/requirements/billing-services-data-calls.md): what happened to the user in a token pack, newest first, a page at a time. */
const HistoryTab = () => {
  const user = useRecordContext<User>();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const { packs, chosen, setChosen } = useTokenPack();
  const [page, setPage] = useState(0);
  const [rows, setRows] = useState<{ content: HistoryRow[]; totalElements: number } | null>(null);
  useEffect(() => {
    if (!user || !chosen) return;
    let cancelled = false;
    dataProvider
      .history('users', { id: user.id, tokenPackId: chosen, page, pageSize: 10, sort: 'date', order: 'DESC' })
      .then(({ data }: { data: { content: HistoryRow[]; totalElements: number } }) => {
        if (!cancelled) setRows(data);
      })
      .catch((error: unknown) => notify(...errorNotification(error)));
    return () => {
      cancelled = true;
    };
  }, [user, chosen, page, dataProvider, notify]);
  if (!user) return null;
  if (!chosen) return <Alert severity="info">{translate('resources.users.noTokenPack.history')}</Alert>;
  return (
    <>
      <TokenPackPicker packs={packs} chosen={chosen} onChange={setChosen} />
      {rows && rows.content.length === 0 && (
        <Typography>{translate('resources.users.history.empty')}</Typography>
      )}
      {rows && rows.content.length > 0 && (
        <>
          <SimpleTable
            headings={[
              'resources.users.history.date',
              'resources.users.history.action',
              'resources.users.history.actor',
              'resources.users.history.changes',
            ]}
          >
            {rows.content.map((row) => (
              <TableRow key={row.id}>
                <TableCell>{formatDate(row.date, { time: true })}</TableCell>
                <TableCell>{row.action}</TableCell>
                <TableCell>{row.actor ?? '—'}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{Object.keys(row.changes).join(', ')}</TableCell>
              </TableRow>
            ))}
          </SimpleTable>
          <TablePagination
            component="div"
            count={rows.totalElements}
            page={page}
            rowsPerPage={10}
            rowsPerPageOptions={[10]}
            onPageChange={(_, next) => setPage(next)}
          />
        </>
      )}
    </>
  );
};

interface DeviceRow {
  deviceId: string;
  name?: string;
  activatedDate?: string;
  lastSignIn?: string | null;
  lastApproval?: string | null;
}

const shownDate = (date: string | null | undefined) => (date ? formatDate(date, { time: true }) : '—');

const G = 'resources.users.gatewaySignIns';

/**
 * The gateway's decisions for the user (a VPN's RADIUS sign-ins, an application's web sign-ins), newest
 * first: when, through which service and protocol, from where, what was answered and the real reason (a
 * VPN's user is told only "refused"). On a phone, one entry under the other.
 */
const GatewaySignIns = ({ userId }: { userId: string }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [entries, setEntries] = useState<GatewaySignIn[] | null>(null);
  useEffect(() => {
    let cancelled = false;
    dataProvider
      .gatewaySignIns('users', { id: userId })
      .then(({ data }: { data: GatewaySignIn[] }) => {
        if (!cancelled) setEntries(Array.isArray(data) ? data : []);
      })
      .catch((error: unknown) => notify(...errorNotification(error)));
    return () => {
      cancelled = true;
    };
  }, [userId, dataProvider, notify]);
  if (entries === null) return null;
  const service = (entry: GatewaySignIn) =>
    `${entry.serviceName ?? translate(`${G}.deletedService`)} (${translate(`${G}.protocols.${entry.protocol}`)})`;
  return (
    <Box component="section" aria-labelledby="gateway-sign-ins-title" sx={{ mt: 3 }}>
      <Typography id="gateway-sign-ins-title" variant="h6" component="h2" gutterBottom>
        {translate(`${G}.title`)}
      </Typography>
      {entries.length === 0 && <Typography>{translate(`${G}.empty`)}</Typography>}
      {entries.length > 0 && narrow && (
        <List dense aria-labelledby="gateway-sign-ins-title" disablePadding>
          {entries.map((entry) => (
            <ListItem key={entry.id} divider disableGutters>
              <ListItemText
                primary={`${shownDate(entry.at)} · ${translate(`${G}.results.${entry.result}`)}`}
                secondary={`${translate(`${G}.reasons.${entry.reason}`)} · ${service(entry)} · ${entry.clientAddress ?? '—'}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      {entries.length > 0 && !narrow && (
        <SimpleTable
          label={`${G}.title`}
          headings={[`${G}.at`, `${G}.service`, `${G}.clientAddress`, `${G}.result`, `${G}.reason`]}
        >
          {entries.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell>{shownDate(entry.at)}</TableCell>
              <TableCell>{service(entry)}</TableCell>
              <TableCell>{entry.clientAddress ?? '—'}</TableCell>
              <TableCell>{translate(`${G}.results.${entry.result}`)}</TableCell>
              <TableCell>{translate(`${G}.reasons.${entry.reason}`)}</TableCell>
            </TableRow>
          ))}
        </SimpleTable>
      )}
    </Box>
  );
};

/** Troubleshooting log (docs/requirements/portal-routes-and-menus.md): the user's devices in a token pack and their last events. */
const TroubleshootingTab = () => {
  const user = useRecordContext<User>();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const { packs, chosen, setChosen } = useTokenPack();
  const [devices, setDevices] = useState<DeviceRow[] | null>(null);
  useEffect(() => {
    if (!user || !chosen) return;
    let cancelled = false;
    dataProvider
      .deviceId('users', { id: user.id, tokenPackId: chosen })
      .then(({ data }: { data: DeviceRow[] }) => {
        if (!cancelled) setDevices(Array.isArray(data) ? data : []);
      })
      .catch((error: unknown) => notify(...errorNotification(error)));
    return () => {
      cancelled = true;
    };
  }, [user, chosen, dataProvider, notify]);
  if (!user) return null;
  if (!chosen)
    return (
      <>
        <Alert severity="info">{translate('resources.users.noTokenPack.troubleshooting')}</Alert>
        <GatewaySignIns userId={user.id} />
      </>
    );
  return (
    <>
      <TokenPackPicker packs={packs} chosen={chosen} onChange={setChosen} />
      {devices && devices.length === 0 && (
        <Typography>{translate('resources.users.troubleshooting.empty')}</Typography>
      )}
      {devices && devices.length > 0 && (
        <SimpleTable
          label="resources.users.troubleshooting.devices"
          headings={[
            'resources.users.troubleshooting.device',
            'resources.users.troubleshooting.activated',
            'resources.users.troubleshooting.lastSignIn',
            'resources.users.troubleshooting.lastApproval',
          ]}
        >
          {devices.map((device) => (
            <TableRow key={device.deviceId}>
              <TableCell>{device.name ?? device.deviceId}</TableCell>
              <TableCell>{shownDate(device.activatedDate)}</TableCell>
              <TableCell>{shownDate(device.lastSignIn)}</TableCell>
              <TableCell>{shownDate(device.lastApproval)}</TableCell>
            </TableRow>
          ))}
        </SimpleTable>
      )}
      <GatewaySignIns userId={user.id} />
    </>
  );
};

const SourceField = () => {
  const user = useRecordContext<User>();
  const translate = useTranslate();
  if (!user) return null;
  return (
    <Labeled source="source">
      <span>{translate(`resources.users.sources.${user.source}`)}</span>
    </Labeled>
  );
};

/** A user, with the tabs Info, Troubleshooting log and History (docs/requirements/portal-routes-and-menus.md). */
export const UserShow = () => (
  <Show actions={<Actions />}>
    {/* The tabs scroll: their labels do not fit side by side at 375 px. */}
    <TabbedShowLayout tabs={<ScrollableTabs />}>
      <TabbedShowLayout.Tab label="resources.users.tabs.info">
        <TextField source="username" />
        <TextField source="displayName" emptyText="—" />
        <EmailField source="email" emptyText="—" />
        <TextField source="mobilePhone" emptyText="—" />
        <Labeled source="status">
          <StatusField />
        </Labeled>
        <TextField source="directoryName" emptyText="—" />
        <SourceField />
        <BooleanField source="appActivated" />
        <DateField source="createdDate" showTime />
        <DateField source="lastModifiedDate" showTime />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="resources.users.tabs.troubleshooting" path="troubleshooting">
        <TroubleshootingTab />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="resources.users.tabs.history" path="history">
        <HistoryTab />
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  </Show>
);
