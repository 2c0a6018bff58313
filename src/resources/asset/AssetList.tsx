import { Typography } from '@mui/material';
import {
  DataTable,
  EditButton,
  List,
  SearchInput,
  SelectInput,
  ShowButton,
  useCanAccess,
  useTranslate,
} from 'react-admin';
import { DoubleClickToOpen } from '../../components/DoubleClickToOpen';
import { ActionChipsField } from './ActionChipsField';
import { type Asset, scopeChoices } from './model';
import { PermissionsButton } from './PermissionsButton';
import { ScopeField } from './ScopeField';

const T = 'resources.asset';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="scope" source="scope" choices={scopeChoices} alwaysOn />,
];

const Message = ({ text }: { text: string }) => {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 2 }} color="text.secondary">
      {translate(text)}
    </Typography>
  );
};

const Col = DataTable.Col<Asset>;

/** The permission assets: name, resource type, actions and scope, each with its Permissions button. */
export const AssetList = () => {
  const { canAccess: canEdit } = useCanAccess({ resource: 'asset', action: 'edit' });
  return (
    <List
      filters={filters}
      actions={false}
      sort={{ field: 'name', order: 'ASC' }}
      empty={<Message text={`${T}.empty`} />}
    >
      <DoubleClickToOpen type={canEdit ? 'edit' : 'show'}>
        <DataTable rowClick={false} bulkActionButtons={false} empty={<Message text={`${T}.noMatch`} />}>
          <Col source="name" />
          <Col source="resourceType" />
          <Col source="actions" disableSort>
            <ActionChipsField />
          </Col>
          <Col source="scope">
            <ScopeField />
          </Col>
          <Col label={false} disableSort>
            <PermissionsButton />
            <ShowButton />
            <EditButton />
          </Col>
        </DataTable>
      </DoubleClickToOpen>
    </List>
  );
};
