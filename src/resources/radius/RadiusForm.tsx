import { SimpleForm, TextInput, useTranslate } from 'react-admin';
import { SaveCancelToolbar } from '../../components/SaveCancelToolbar';
import { requiredField } from '../../components/validators';
import { NAME_LENGTH, validIp } from './radiusFields';

/** Name and IP address; the shared secret is made by the gateway (docs/requirements/portal-entities.md RADIUS connector). */
export const RadiusForm = () => {
  const translate = useTranslate();
  const required = (field: string) => requiredField(translate(`resources.radius.fields.${field}`));
  return (
    <SimpleForm toolbar={<SaveCancelToolbar />} noValidate warnWhenUnsavedChanges sx={{ maxWidth: 720 }}>
      <TextInput source="name" isRequired validate={[required('name'), NAME_LENGTH]} fullWidth />
      <TextInput
        source="ipAddress"
        isRequired
        validate={[required('ipAddress'), validIp]}
        helperText="resources.radius.helpers.ipAddress"
        fullWidth
      />
    </SimpleForm>
  );
};
