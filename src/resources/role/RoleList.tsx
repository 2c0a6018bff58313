import {
  DataTable,
  EditButton,
  NumberField,
  SearchInput,
  SelectField,
  SelectInput,
  ShowButton,
} from 'react-admin';
import { ResourceList } from '../../kit/ResourceList';
import { type Role, SCOPE_CHOICES } from './roleFields';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="scope" source="scope" choices={SCOPE_CHOICES} alwaysOn />,
];

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
    <Column label={false} disableSort align="right" sx={{ whiteSpace: 'nowrap' }}>
      <ShowButton />
      <EditButton />
    </Column>
  </ResourceList>
);
