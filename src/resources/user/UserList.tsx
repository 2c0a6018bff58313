import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  DataTable,
  ReferenceInput,
  SearchInput,
  SelectInput,
  useCanAccess,
  useDataProvider,
} from 'react-admin';
import { Link } from 'react-router-dom';
import type { PlanCoverage } from '../../../contract/billing';
import { OverPlanChip, PlanCoverageSummary } from '../../components/plan/PlanCoverage';
import { StatusField } from '../../components/StatusField';
import type { PortalDataProvider } from '../../dataProviders';
import { BulkJobButton } from '../../kit/BulkActions';
import { EmptyState } from '../../kit/ListEmpty';
import { ResourceList } from '../../kit/ResourceList';
import { useSession } from '../../session';
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

/** Above the list: "501 users, plan covers 25", and who is over the plan (the plan's user count). */
const UsersPlanHeader = () => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  // Per customer: an operator may go from one customer's users to another's.
  const customerId = useSession()?.customerId ?? null;
  const { data } = useQuery({
    queryKey: ['users', 'planCoverage', customerId],
    queryFn: async () => (await dataProvider.planCoverage<PlanCoverage>('users', {})).data,
  });
  if (!data || data.users === 0) return null;
  return (
    <Box sx={{ px: 2, pt: 1 }}>
      <PlanCoverageSummary coverage={data} />
    </Box>
  );
};

/** Activate or deactivate the users picked, or every user the filters match (to those who may modify users). */
const UserBulkActions = () => (
  <>
    <BulkJobButton action="activate" icon={<CheckCircleIcon />} />
    <BulkJobButton action="deactivate" icon={<BlockIcon />} />
  </>
);

/** /users: the customer's users, found by a part of their name at any size (docs/requirements/billing-services-data-calls.md Users). */
export const UserList = () => {
  const { canAccess: mayModify } = useCanAccess({ resource: 'users', action: 'edit' });
  return (
    <ResourceList<User>
      filters={filters}
      sort={{ field: 'username', order: 'ASC' }}
      empty={<UsersEmpty />}
      perPage={25}
      phone={{
        primaryText: (record) => record.username,
        secondaryText: (record) => record.displayName ?? record.email ?? '',
        tertiaryText: (
          <>
            <StatusField /> <OverPlanChip />
          </>
        ),
      }}
      rowClick="show"
      bulkActions={mayModify ? <UserBulkActions /> : false}
      before={<UsersPlanHeader />}
    >
      <Column source="username" />
      <Column source="displayName" />
      <Column source="email" />
      <Column source="status" field={StatusField} />
      <Column source="directoryName" disableSort />
      <Column source="overPlan" label="resources.users.fields.overPlan" disableSort field={OverPlanChip} />
    </ResourceList>
  );
};
