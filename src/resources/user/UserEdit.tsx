import { useMemo } from 'react';
import { maxLength, SelectInput, TextInput } from 'react-admin';
import { ResourceForm } from '../../components/ResourceForm';
import { validEmail } from '../../components/validators';
import { EditPage } from '../../kit/pages';
import { STATUS_CHOICES, toUserUpdate, USER_LIMITS } from './userFields';

/** PUT /user-management/users/{customerId}/{id}: display name, email, mobile phone, status. */
export const UserEdit = () => {
  const validate = useMemo(
    () => ({
      displayName: maxLength(USER_LIMITS.displayName),
      email: [validEmail, maxLength(USER_LIMITS.email)],
      mobilePhone: maxLength(USER_LIMITS.mobilePhone),
    }),
    [],
  );
  return (
    <EditPage transform={toUserUpdate}>
      <ResourceForm maxWidth={600}>
        <TextInput source="username" disabled fullWidth />
        <TextInput source="directoryName" disabled fullWidth />
        <TextInput source="displayName" validate={validate.displayName} fullWidth />
        <TextInput source="email" type="email" validate={validate.email} fullWidth />
        <TextInput source="mobilePhone" validate={validate.mobilePhone} fullWidth />
        <SelectInput source="status" choices={STATUS_CHOICES} isRequired />
      </ResourceForm>
    </EditPage>
  );
};
