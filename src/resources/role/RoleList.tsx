import { DataTable, EditButton, NumberField, SelectField, ShowButton } from 'react-admin';
import { ButtonsColumn, ResourceList, searchFilters } from '../../kit/ResourceList';
import { type Role, SCOPE_CHOICES } from './roleFields';

const filters = searchFilters({ scope: SCOPE_CHOICES });

const Column = DataTable.Col<Role>;

/** /role: the roles with their scope and number of accounts. */
export const RoleList = () => (
  <ResourceList<Role>
    filters={filters}
    sort={{ field: 'name', order: 'ASC' }}
    phone={{
      primaryText: (record) => record.displayName || record.name,
      secondaryText: (record) => record.name,
      tertiaryText: <SelectField source="scope" choices={SCOPE_CHOICES} />,
    }}
    doubleClick="edit"
  >
    <Column source="name" />
    <Column source="displayName" />
    <Column source="scope">
      <SelectField source="scope" choices={SCOPE_CHOICES} />
    </Column>
    <Column source="accountCount" disableSort align="right">
      <NumberField source="accountCount" />
    </Column>
    <ButtonsColumn>
      <ShowButton />
      <EditButton />
    </ButtonsColumn>
  </ResourceList>
);
