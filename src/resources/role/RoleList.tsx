import {
  CreateButton,
  DataTable,
  EditButton,
  List,
  NumberField,
  SearchInput,
  SelectField,
  SelectInput,
  ShowButton,
  SimpleList,
  TopToolbar,
} from 'react-admin';
import { DoubleClickToOpen } from '../../components/DoubleClickToOpen';
import { ListEmpty } from '../../components/ListEmpty';
import { ListError } from '../../components/ListError';
import { SmallScreenList } from '../../components/SmallScreenList';
import { type Role, SCOPE_CHOICES } from './roleFields';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="scope" source="scope" choices={SCOPE_CHOICES} alwaysOn />,
];

const Column = DataTable.Col<Role>;

/** /role: the roles with their scope and number of accounts. */
export const RoleList = () => (
  <List
    error={<ListError />}
    filters={filters}
    sort={{ field: 'name', order: 'ASC' }}
    empty={<ListEmpty />}
    actions={
      <TopToolbar>
        <CreateButton />
      </TopToolbar>
    }
  >
    <SmallScreenList
      small={
        <SimpleList
          primaryText={(record: Role) => record.displayName || record.name}
          secondaryText={(record: Role) => record.name}
          tertiaryText={<SelectField source="scope" choices={SCOPE_CHOICES} />}
          linkType="show"
        />
      }
    >
      <DoubleClickToOpen>
        <DataTable rowClick={false} bulkActionButtons={false}>
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
        </DataTable>
      </DoubleClickToOpen>
    </SmallScreenList>
  </List>
);
