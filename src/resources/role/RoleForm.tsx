import { useMemo } from 'react';
import {
  maxLength,
  SelectInput,
  TextInput,
  useRecordContext,
  useTranslate,
  type Validator,
} from 'react-admin';
import { ResourceForm } from '../../components/ResourceForm';
import { requiredField } from '../../components/validators';
import {
  DESCRIPTION_MAX,
  DISPLAY_NAME_MAX,
  NAME_MAX,
  NAME_PATTERN,
  type Role,
  SCOPE_CHOICES,
} from './roleFields';

const validName: Validator = (value: unknown) =>
  typeof value === 'string' && value.trim() && !NAME_PATTERN.test(value)
    ? 'resources.role.validation.name'
    : undefined;

/** Name (unique, checked by the server), display name, description, scope (fixed once created). */
export const RoleForm = ({ edit = false }: { edit?: boolean }) => {
  const translate = useTranslate();
  const builtIn = useRecordContext<Role>()?.builtIn === true;
  const validate = useMemo(() => {
    const required = (field: string) => requiredField(translate(`resources.role.fields.${field}`));
    return {
      name: [required('name'), maxLength(NAME_MAX), validName],
      displayName: [required('displayName'), maxLength(DISPLAY_NAME_MAX)],
      description: [maxLength(DESCRIPTION_MAX)],
      scope: [required('scope')],
    };
  }, [translate]);
  return (
    <ResourceForm maxWidth={600}>
      <TextInput
        source="name"
        validate={validate.name}
        isRequired
        readOnly={builtIn}
        helperText={builtIn ? 'resources.role.helpers.builtInName' : undefined}
        fullWidth
      />
      <TextInput source="displayName" validate={validate.displayName} isRequired fullWidth />
      <TextInput source="description" validate={validate.description} multiline minRows={2} fullWidth />
      <SelectInput
        source="scope"
        choices={SCOPE_CHOICES}
        validate={validate.scope}
        isRequired
        readOnly={edit}
        helperText="resources.role.helpers.scope"
        fullWidth
      />
    </ResourceForm>
  );
};
