import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { SelectArrayInput, useDataProvider, useRecordContext, type Validator } from 'react-admin';
import type { PortalDataProvider } from '../../dataProviders';
import type { Account, AssignableRole, RoleScope } from './accountFields';

/** At least one role, none twice (docs/requirements/portal-validation.md Administrator account). */
export const validRoles: Validator = (value: unknown) => {
  const ids = Array.isArray(value) ? value : [];
  if (ids.length === 0) return 'resources.account.validation.roleRequired';
  if (new Set(ids).size !== ids.length) return 'resources.account.validation.rolesDuplicated';
  return undefined;
};

/**
 * The roles an account can be given: those of its scope (`dataProvider.all('role', {scope})`), and the
 * roles it already holds so that they show by name.
 */
export const RolesInput = ({ scope }: { scope: RoleScope }) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const record = useRecordContext<Account>();
  const { data, isPending } = useQuery({
    queryKey: ['role', 'all', { scope }],
    queryFn: async () => {
      const { data: roles } = await dataProvider.all<AssignableRole[]>('role', { scope });
      return roles.filter((role) => role.scope === scope);
    },
  });
  const choices = useMemo(() => {
    const held = (record?.roles ?? []).filter((role) => !data?.some((one) => one.id === role.id));
    return [...(data ?? []), ...held];
  }, [data, record]);
  return (
    <SelectArrayInput
      source="roleIds"
      choices={choices}
      optionText="displayName"
      isPending={isPending}
      validate={validRoles}
      isRequired
      fullWidth
    />
  );
};
