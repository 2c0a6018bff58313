import { maxLength, SimpleForm, TextInput, useTranslate } from 'react-admin';
import { NAME_MAX_LENGTH } from '../../../contract/connector';
import { SaveCancelToolbar } from '../../components/SaveCancelToolbar';
import { requiredField } from '../../components/validators';

/** The name; the API key is made by the gateway (docs/requirements/portal-entities.md HTTPS connector). */
export const HttpsForm = () => {
  const translate = useTranslate();
  return (
    <SimpleForm toolbar={<SaveCancelToolbar />} noValidate warnWhenUnsavedChanges sx={{ maxWidth: 720 }}>
      <TextInput
        source="name"
        isRequired
        validate={[requiredField(translate('resources.https.fields.name')), maxLength(NAME_MAX_LENGTH)]}
        helperText="resources.https.helpers.name"
        fullWidth
      />
    </SimpleForm>
  );
};
