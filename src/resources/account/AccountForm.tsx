import { Avatar, Box } from '@mui/material';
import { useMemo } from 'react';
import {
  BooleanInput,
  Labeled,
  maxLength,
  TextInput,
  useRecordContext,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { FormRow } from '../../components/FormSection';
import { validPhone } from '../../components/phoneValidator';
import { ResourceForm } from '../../components/ResourceForm';
import { StatusField } from '../../components/StatusField';
import { requiredField, validEmail } from '../../components/validators';
import { type Account, isImageUrl, LIMITS, type RoleScope } from './accountFields';
import { RolesInput } from './RolesInput';

const validAvatar: Validator = (value: unknown) =>
  typeof value === 'string' && value.trim() && !isImageUrl(value.trim())
    ? 'resources.account.validation.avatar'
    : undefined;

const AvatarPreview = () => {
  const translate = useTranslate();
  const avatar: unknown = useWatch({ name: 'avatar' });
  if (typeof avatar !== 'string' || !isImageUrl(avatar.trim())) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Avatar
        src={avatar.trim()}
        alt={translate('resources.account.fields.avatar')}
        sx={{ width: 64, height: 64 }}
      />
    </Box>
  );
};

export interface AccountFormProps {
  /** The scope of the roles offered. */
  roleScope: RoleScope;
  /** Edit: the status is shown (it changes with Activate and Deactivate). */
  edit?: boolean;
}

/** The fields of docs/requirements/portal-entities.md Administrator account, with the rules of docs/requirements/portal-validation.md. */
export const AccountForm = ({ roleScope, edit = false }: AccountFormProps) => {
  const translate = useTranslate();
  // An edit: the phones the account holds are not checked again (the server does not either).
  const record = useRecordContext<Account>();
  const keptMobilePhone = record?.mobilePhone;
  const keptContactNumber = record?.contactNumber;
  const validate = useMemo(() => {
    const required = (field: keyof typeof LIMITS) => [
      requiredField(translate(`resources.account.fields.${field}`)),
      maxLength(LIMITS[field]),
    ];
    const optional = (field: keyof typeof LIMITS) => [maxLength(LIMITS[field])];
    return {
      email: [...required('email'), validEmail],
      firstName: required('firstName'),
      lastName: required('lastName'),
      mobilePhone: [...required('mobilePhone'), validPhone(keptMobilePhone)],
      organization: optional('organization'),
      address: optional('address'),
      contactNumber: [...optional('contactNumber'), validPhone(keptContactNumber)],
      otherInfo: optional('otherInfo'),
      avatar: [validAvatar],
    };
  }, [translate, keptMobilePhone, keptContactNumber]);
  return (
    <ResourceForm>
      <TextInput source="email" type="email" validate={validate.email} isRequired fullWidth />
      <RolesInput scope={roleScope} />
      <FormRow from="sm">
        <TextInput source="firstName" validate={validate.firstName} isRequired fullWidth />
        <TextInput source="lastName" validate={validate.lastName} isRequired fullWidth />
      </FormRow>
      <FormRow from="sm">
        <TextInput source="mobilePhone" validate={validate.mobilePhone} isRequired fullWidth />
        <TextInput source="contactNumber" validate={validate.contactNumber} fullWidth />
      </FormRow>
      <TextInput source="organization" validate={validate.organization} fullWidth />
      <TextInput source="address" validate={validate.address} fullWidth />
      <TextInput source="otherInfo" validate={validate.otherInfo} multiline minRows={2} fullWidth />
      <TextInput
        source="avatar"
        validate={validate.avatar}
        helperText="resources.account.helpers.avatar"
        fullWidth
      />
      <AvatarPreview />
      <BooleanInput source="enable2fa" defaultValue={false} />
      {edit && (
        <Labeled source="status">
          <StatusField />
        </Labeled>
      )}
    </ResourceForm>
  );
};
