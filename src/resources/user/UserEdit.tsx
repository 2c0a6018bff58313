import { useMemo } from 'react';
import { maxLength, SelectInput, TextInput, useRecordContext } from 'react-admin';
import { validPhone } from '../../components/phoneValidator';
import { ResourceForm } from '../../components/ResourceForm';
import { validEmail } from '../../components/validators';
import { EditPage } from '../../kit/pages';
import { STATUS_CHOICES, toUserUpdate, USER_LIMITS } from './userFields';

/**
 * The mobile phone: a new one must be a phone number in international format; the one the user has (as its
 * directory wrote it) is not checked again.
 */
const MobilePhoneInput = () => {
  const kept = useRecordContext<{ mobilePhone?: string | null }>()?.mobilePhone;
  const validate = useMemo(() => [maxLength(USER_LIMITS.mobilePhone), validPhone(kept)], [kept]);
  return <TextInput source="mobilePhone" validate={validate} fullWidth />;
};

/** PUT /user-management/users/{customerId}/{id}: display name, email, mobile phone, status. */
export const UserEdit = () => {
  const validate = useMemo(
    () => ({
      displayName: maxLength(USER_LIMITS.displayName),
      email: [validEmail, maxLength(USER_LIMITS.email)],
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
        <MobilePhoneInput />
        <SelectInput source="status" choices={STATUS_CHOICES} isRequired />
      </ResourceForm>
    </EditPage>
  );
};
