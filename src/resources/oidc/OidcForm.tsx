import { maxLength, SimpleForm, TextInput, useTranslate } from 'react-admin';
import { OIDC_LIMITS } from '../../../contract/oidc';
import { SaveCancelToolbar } from '../../components/SaveCancelToolbar';
import { requiredField } from '../../components/validators';
import { linesOf, validRedirectUrls } from './oidcFields';

/** The client's name and redirect URLs; its id and secret are made by the gateway. */
export const OidcForm = () => {
  const translate = useTranslate();
  const required = (field: string) => requiredField(translate(`resources.oidc.fields.${field}`));
  return (
    <SimpleForm toolbar={<SaveCancelToolbar />} noValidate warnWhenUnsavedChanges sx={{ maxWidth: 720 }}>
      <TextInput
        source="clientName"
        isRequired
        validate={[required('clientName'), maxLength(OIDC_LIMITS.clientName)]}
        fullWidth
      />
      <TextInput
        source="redirectUrls"
        isRequired
        multiline
        minRows={3}
        format={(value: unknown) => (Array.isArray(value) ? value.join('\n') : (value ?? ''))}
        parse={(text: string) => text}
        validate={[
          (value: unknown) =>
            linesOf(value).length === 0 ? required('redirectUrls')(undefined, {}, {}) : undefined,
          validRedirectUrls,
        ]}
        helperText="resources.oidc.helpers.redirectUrls"
        fullWidth
      />
    </SimpleForm>
  );
};
