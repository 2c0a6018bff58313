import {
  CreateButton,
  DataTable,
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
import { ActivateButton } from './ActivateButton';
import { statusChoices, type VosCloudConfig } from './model';

const T = 'resources.vos-cloud-config';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
];

const HttpAuthModeName = ({ mode }: { mode: string }) => {
  const translate = useTranslate();
  return <>{translate(`${T}.httpAuthModes.${mode}`, { _: mode })}</>;
};

const Col = DataTable.Col<VosCloudConfig>;

/** The settings (range list: sort, range, filter, Content-Range), with Activate on the inactive ones. */
export const VosCloudConfigList = () => {
  const { canAccess: canEdit } = useCanAccess({ resource: 'vos-cloud-config', action: 'edit' });
  return (
    <List
      error={<ListError />}
      filters={filters}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      sort={{ field: 'cloudUrl', order: 'ASC' }}
      empty={<ListEmpty />}
    >
      <DoubleClickToOpen type={canEdit ? 'edit' : 'show'}>
        <DataTable rowClick={false} bulkActionButtons={false} empty={<NoMatch />}>
          <Col source="cloudUrl" />
          <Col source="companyId" />
          <Col source="httpAuthMode" render={(record) => <HttpAuthModeName mode={record.httpAuthMode} />} />
          <Col source="status">
            <StatusField />
          </Col>
          <Col label={false} disableSort>
            <ActivateButton />
            <ShowButton />
            <EditButton />
          </Col>
        </DataTable>
      </DoubleClickToOpen>
    </List>
  );
};
