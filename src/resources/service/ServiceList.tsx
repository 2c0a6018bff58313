import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import { Box, Typography } from '@mui/material';
import {
  Button,
  CanAccess,
  DataTable,
  type Identifier,
  SearchInput,
  SelectInput,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { SERVICE_STATUSES } from '../../../contract/service';
import { StatusField } from '../../components/StatusField';
import { ListEmpty } from '../../kit/ListEmpty';
import { ResourceList } from '../../kit/ResourceList';
import { YesNoChip } from '../../kit/StateChip';
import { type ServiceInstance, T } from './model';
import { TemplateIcon } from './TemplateIcon';

/** The button to the gallery, for those who may launch services. */
const LaunchButton = ({ variant }: { variant?: 'contained' | 'text' }) => (
  <CanAccess resource="service-launch" action="create">
    <Button
      component={Link}
      to="/service-launch/create"
      label={`${T}.list.launch`}
      variant={variant}
      size={variant === 'contained' ? 'medium' : 'small'}
    >
      <RocketLaunchIcon />
    </Button>
  </CanAccess>
);

/** Whether the service is usable in its token pack. */
const EnabledField = (_: { label?: string; source?: string }) => (
  <YesNoChip<ServiceInstance>
    holds={(record) => record.enabled}
    yes={`${T}.list.enabled`}
    no={`${T}.list.disabled`}
  />
);

const TemplateField = () => {
  const record = useRecordContext<ServiceInstance>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <TemplateIcon template={record} size={32} />
      <Box>
        <Typography variant="body2">{record.templateName ?? '—'}</Typography>
        {record.protocol && (
          <Typography variant="caption" color="text.secondary">
            {translate(`portal.protocols.${record.protocol}`, { _: record.protocol })}
          </Typography>
        )}
      </Box>
    </Box>
  );
};

const statusChoices = SERVICE_STATUSES.map((id) => ({ id, name: `portal.status.${id}` }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" label={`${T}.fields.status`} choices={statusChoices} alwaysOn />,
];

const Col = DataTable.Col<ServiceInstance>;
const label = (field: string) => `${T}.fields.${field}`;
const pageOf = (id: unknown) => `/service-launch/${id}`;

/**
 * /service-launch: the customer's services (`service-instance` list), with their template, token pack,
 * status and whether their token pack uses them; a row opens the service page. Launch a service opens the
 * gallery; with no service yet, the empty state offers it.
 */
export const ServiceList = () => {
  // The service page is an edit page: without the modify permission a row opens nothing.
  const { canAccess: canOpen } = useCanAccess({ resource: 'service-launch', action: 'edit' });
  const open = canOpen ? (id: Identifier) => pageOf(id) : false;
  return (
    <ResourceList<ServiceInstance>
      resource="service-instance"
      title={`${T}.list.title`}
      texts={T}
      filters={filters}
      actions={<LaunchButton />}
      empty={
        <ListEmpty texts={T} icon={RocketLaunchIcon}>
          <LaunchButton variant="contained" />
        </ListEmpty>
      }
      pagination={false}
      phone={{
        primaryText: (record) => record.instanceName,
        secondaryText: (record) => record.templateName ?? '',
        tertiaryText: (record) => <StatusText status={record.status} />,
        rowClick: open,
      }}
      rowClick={open}
    >
      <Col source="instanceName" label={label('instanceName')} disableSort />
      <Col source="templateName" label={label('templateName')} disableSort field={TemplateField} />
      <Col source="tokenPackName" label={label('tokenPackName')} disableSort />
      <Col source="status" label={label('status')} disableSort field={StatusField} />
      <Col source="enabled" label={label('enabled')} disableSort field={EnabledField} />
    </ResourceList>
  );
};

const StatusText = ({ status }: { status: string }) => {
  const translate = useTranslate();
  return <>{translate(`portal.status.${status}`, { _: status })}</>;
};
