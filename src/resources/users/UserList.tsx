import { Box, Typography } from '@mui/material';
import {
  Button,
  DataTable,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  useCanAccess,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { ListError } from '../../components/ListError';
import { SmallScreenList } from '../../components/SmallScreenList';
import { StatusField } from '../../components/StatusField';
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
  const translate = useTranslate();
  const { canAccess: canAddDirectory } = useCanAccess({ resource: 'ldap', action: 'create' });
  return (
    <Box sx={{ textAlign: 'center', m: 4 }}>
      <Typography variant="h5" component="p" gutterBottom>
        {translate('resources.users.empty.title')}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        {translate('resources.users.empty.body')}
      </Typography>
      {canAddDirectory && (
        <Button
          component={Link}
          to="/ldap/create"
          label="resources.users.empty.addDirectory"
          variant="contained"
        />
      )}
    </Box>
  );
};

/** /users: the customer's users, found by a part of their name at any size (spec 02 §7 Users). */
export const UserList = () => (
  <List
    error={<ListError />}
    filters={filters}
    sort={{ field: 'username', order: 'ASC' }}
    empty={<UsersEmpty />}
    perPage={25}
    exporter={false}
  >
    <SmallScreenList
      small={
        <SimpleList
          primaryText={(record: User) => record.username}
          secondaryText={(record: User) => record.displayName ?? record.email ?? ''}
          tertiaryText={<StatusField />}
          linkType="show"
        />
      }
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <Column source="username" />
        <Column source="displayName" />
        <Column source="email" />
        <Column source="status">
          <StatusField />
        </Column>
        <Column source="directoryName" disableSort />
      </DataTable>
    </SmallScreenList>
  </List>
);
