import { Button, DataTable, ReferenceInput, SearchInput, SelectInput, useCanAccess } from 'react-admin';
import { Link } from 'react-router-dom';
import { StatusField } from '../../components/StatusField';
import { EmptyState } from '../../kit/ListEmpty';
import { ResourceList } from '../../kit/ResourceList';
import { STATUS_CHOICES, type User } from './userFields';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
  <ReferenceInput key="directoryId" source="directoryId" reference="ldap" alwaysOn>
    <SelectInput optionText="name" />
  </ReferenceInput>,
];

const Column = DataTable.Col<User>;

/** No user yet: users come from directories; the next step is to add one (for those who may). */
const UsersEmpty = () => {
  const { canAccess: canAddDirectory } = useCanAccess({ resource: 'ldap', action: 'create' });
  return (
    <EmptyState title="resources.users.empty.title" body="resources.users.empty.body">
      {canAddDirectory && (
        <Button
          component={Link}
          to="/ldap/create"
          label="resources.users.empty.addDirectory"
          variant="contained"
        />
      )}
    </EmptyState>
  );
};

/** /users: the customer's users, found by a part of their name at any size (docs/requirements/billing-services-data-calls.md Users). */
export const UserList = () => (
  <ResourceList<User>
    filters={filters}
    sort={{ field: 'username', order: 'ASC' }}
    empty={<UsersEmpty />}
    perPage={25}
    phone={{
      primaryText: (record) => record.username,
      secondaryText: (record) => record.displayName ?? record.email ?? '',
      tertiaryText: <StatusField />,
    }}
    rowClick="show"
  >
    <Column source="username" />
    <Column source="displayName" />
    <Column source="email" />
    <Column source="status" field={StatusField} />
    <Column source="directoryName" disableSort />
  </ResourceList>
);
