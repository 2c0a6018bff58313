import { DataTable, EditButton, ShowButton, useCanAccess, useTranslate } from 'react-admin';
import { StatusField } from '../../components/StatusField';
import { DateColumn, formatDate } from '../../kit/dates';
import { ButtonsColumn, ResourceList, searchFilters } from '../../kit/ResourceList';
import { ConnectorsField } from './ConnectorsField';
import { IconField } from './IconField';
import { protocolChoices, type ServiceTemplate, statusChoices } from './model';
import { BulkPublishButtons, PublishToggleButton } from './PublishButtons';

const filters = searchFilters({ status: statusChoices, protocol: protocolChoices });

const Col = DataTable.Col<ServiceTemplate>;

/**
 * Service templates: icon, name, URL name, protocol, connectors, status and last change, with search,
 * status and protocol filters, sort and pagination. Publish and Unpublish on a row or on the selected rows
 * (configure permission); a double click opens the template. On a phone, a row each (icon, name, protocol
 * and status, last change) that opens the template, where Publish and Unpublish are too.
 */
export const ServiceTemplateList = () => {
  const { canAccess: canConfigure } = useCanAccess({ resource: 'service-template', action: 'configure' });
  const { canAccess: canEdit } = useCanAccess({ resource: 'service-template', action: 'edit' });
  return (
    <ResourceList<ServiceTemplate>
      filters={filters}
      sort={{ field: 'modifiedDate', order: 'DESC' }}
      phone={{
        leftIcon: () => <IconField />,
        primaryText: (record) => record.templateName,
        secondaryText: (record) => (
          <>
            <ProtocolName protocol={record.protocol} /> · {formatDate(record.modifiedDate, { time: true })}
          </>
        ),
        tertiaryText: <StatusField />,
        rowClick: 'show',
      }}
      doubleClick={canEdit ? 'edit' : 'show'}
      bulkActions={canConfigure ? <BulkPublishButtons /> : false}
    >
      <Col source="iconUrl" disableSort field={IconField} />
      <Col source="templateName" />
      <Col source="uname" />
      <Col source="protocol" render={(record) => <ProtocolName protocol={record.protocol} />} />
      <Col source="connectorIds" disableSort field={ConnectorsField} />
      <Col source="status" field={StatusField} />
      <DateColumn source="modifiedDate" showTime />
      <ButtonsColumn>
        <PublishToggleButton />
        <ShowButton />
        <EditButton />
      </ButtonsColumn>
    </ResourceList>
  );
};

const ProtocolName = ({ protocol }: { protocol: string }) => {
  const translate = useTranslate();
  return <>{translate(`portal.protocols.${protocol}`, { _: protocol })}</>;
};
