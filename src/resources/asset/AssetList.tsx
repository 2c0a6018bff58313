import {
  DataTable,
  EditButton,
  List,
  SearchInput,
  SelectInput,
  ShowButton,
  SimpleList,
  useCanAccess,
} from 'react-admin';
import { DoubleClickToOpen } from '../../components/DoubleClickToOpen';
import { ListEmpty, NoMatch } from '../../components/ListEmpty';
import { ListError } from '../../components/ListError';
import { SmallScreenList } from '../../components/SmallScreenList';
import { ActionChipsField } from './ActionChipsField';
import { type Asset, scopeChoices } from './model';
import { PermissionsButton } from './PermissionsButton';
import { ScopeField } from './ScopeField';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="scope" source="scope" choices={scopeChoices} alwaysOn />,
];

const Col = DataTable.Col<Asset>;

/** The permission assets: name, resource type, actions and scope, each with its Permissions button. */
export const AssetList = () => {
  const { canAccess: canEdit } = useCanAccess({ resource: 'asset', action: 'edit' });
  return (
    <List
      error={<ListError />}
      filters={filters}
      actions={false}
      sort={{ field: 'name', order: 'ASC' }}
      empty={<ListEmpty />}
    >
      <SmallScreenList
        small={
          <SimpleList
            primaryText={(record: Asset) => record.name}
            secondaryText={(record: Asset) => record.resourceType}
            tertiaryText={<ScopeField />}
            linkType="show"
            empty={<NoMatch />}
          />
        }
      >
        <DoubleClickToOpen type={canEdit ? 'edit' : 'show'}>
          <DataTable rowClick={false} bulkActionButtons={false} empty={<NoMatch />}>
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
      </SmallScreenList>
    </List>
  );
};
