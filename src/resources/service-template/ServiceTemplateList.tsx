import {
  CreateButton,
  DataTable,
  DateField,
  EditButton,
  List,
  SearchInput,
  SelectInput,
  ShowButton,
  TopToolbar,
  useCanAccess,
  useTranslate,
} from 'react-admin';
import { DoubleClickToOpen } from '../../components/DoubleClickToOpen';
import { ListEmpty, NoMatch } from '../../components/ListEmpty';
import { ListError } from '../../components/ListError';
import { StatusField } from '../../components/StatusField';
import { ConnectorsField } from './ConnectorsField';
import { IconField } from './IconField';
import { protocolChoices, type ServiceTemplate, statusChoices } from './model';
import { BulkPublishButtons, PublishToggleButton } from './PublishButtons';

const T = 'resources.service-template';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
  <SelectInput key="protocol" source="protocol" choices={protocolChoices} alwaysOn />,
];

const ListActions = () => (
  <TopToolbar>
    <CreateButton />
  </TopToolbar>
);

const Col = DataTable.Col<ServiceTemplate>;

/**
 * Service templates: icon, name, URL name, protocol, connectors, status and last change, with search,
 * status and protocol filters, sort and pagination. Publish and Unpublish on a row or on the selected rows
 * (configure permission); a double click opens the template.
 */
export const ServiceTemplateList = () => {
  const { canAccess: canConfigure } = useCanAccess({ resource: 'service-template', action: 'configure' });
  const { canAccess: canEdit } = useCanAccess({ resource: 'service-template', action: 'edit' });
  return (
    <List
      error={<ListError />}
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'modifiedDate', order: 'DESC' }}
      empty={<ListEmpty />}
    >
      <DoubleClickToOpen type={canEdit ? 'edit' : 'show'}>
        <DataTable
          rowClick={false}
          bulkActionButtons={canConfigure ? <BulkPublishButtons /> : false}
          empty={<NoMatch />}
        >
          <Col source="iconUrl" disableSort>
            <IconField />
          </Col>
          <Col source="templateName" />
          <Col source="uname" />
          <Col source="protocol" render={(record) => <ProtocolName protocol={record.protocol} />} />
          <Col source="connectorIds" disableSort>
            <ConnectorsField />
          </Col>
          <Col source="status">
            <StatusField />
          </Col>
          <Col source="modifiedDate">
            <DateField source="modifiedDate" locales="vi-VN" showTime />
          </Col>
          <Col label={false} disableSort>
            <PublishToggleButton />
            <ShowButton />
            <EditButton />
          </Col>
        </DataTable>
      </DoubleClickToOpen>
    </List>
  );
};

const ProtocolName = ({ protocol }: { protocol: string }) => {
  const translate = useTranslate();
  return <>{translate(`${T}.protocols.${protocol}`, { _: protocol })}</>;
};
