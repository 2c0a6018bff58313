import { DataTable, EditButton, ShowButton, useCanAccess } from 'react-admin';
import { ResourceList, searchFilters } from '../../kit/ResourceList';
import { ActionChipsField } from './ActionChipsField';
import { type Asset, scopeChoices } from './model';
import { PermissionsButton } from './PermissionsButton';
import { ScopeField } from './ScopeField';

const filters = searchFilters({ scope: scopeChoices });

const Col = DataTable.Col<Asset>;

/** The permission assets: name, resource type, actions and scope, each with its Permissions button. */
export const AssetList = () => {
  const { canAccess: canEdit } = useCanAccess({ resource: 'asset', action: 'edit' });
  return (
    <ResourceList<Asset>
      filters={filters}
      actions={false}
      sort={{ field: 'name', order: 'ASC' }}
      phone={{
        primaryText: (record) => record.name,
        secondaryText: (record) => record.resourceType,
        tertiaryText: <ScopeField />,
      }}
      doubleClick={canEdit ? 'edit' : 'show'}
    >
      <Col source="name" />
      <Col source="resourceType" />
      <Col source="actions" disableSort field={ActionChipsField} />
      <Col source="scope" field={ScopeField} />
      <Col label={false} disableSort>
        <PermissionsButton />
        <ShowButton />
        <EditButton />
      </Col>
    </ResourceList>
  );
};
