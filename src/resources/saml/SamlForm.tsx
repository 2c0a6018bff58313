import { Stack } from '@mui/material';
import { maxLength, RadioButtonGroupInput, SimpleForm, TextInput, useTranslate } from 'react-admin';
import { SAML_LIMITS } from '../../../contract/saml';
import { SaveCancelToolbar } from '../../components/SaveCancelToolbar';
import { requiredField } from '../../components/validators';
import { PROTOCOL_CHOICES, validCertificate, validPath, validUrl } from './samlFields';

/** Name, the gateway's URL and paths, the protocol and the certificate Microsoft 365 trusts. */
export const SamlForm = ({ defaultValues }: { defaultValues?: Record<string, unknown> }) => {
  const translate = useTranslate();
  const required = (field: string) => requiredField(translate(`resources.saml.fields.${field}`));
  const path = (field: 'signInPath' | 'signOutPath' | 'metaPath') => (
    <TextInput
      source={field}
      isRequired
      validate={[required(field), validPath, maxLength(SAML_LIMITS[field])]}
      fullWidth
    />
  );
  return (
    <SimpleForm
      toolbar={<SaveCancelToolbar />}
      noValidate
      warnWhenUnsavedChanges
      defaultValues={defaultValues}
      sx={{ maxWidth: 800 }}
    >
      <TextInput
        source="name"
        isRequired
        validate={[required('name'), maxLength(SAML_LIMITS.name)]}
        fullWidth
      />
      <TextInput
        source="url"
        isRequired
        validate={[required('url'), validUrl, maxLength(SAML_LIMITS.url)]}
        helperText="resources.saml.helpers.url"
        fullWidth
      />
      <RadioButtonGroupInput source="protocol" choices={PROTOCOL_CHOICES} row />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ md: 2 }} sx={{ width: '100%' }}>
        {path('signInPath')}
        {path('signOutPath')}
        {path('metaPath')}
      </Stack>
      <TextInput
        source="cert"
        isRequired
        multiline
        minRows={4}
        validate={[required('cert'), validCertificate, maxLength(SAML_LIMITS.cert)]}
        helperText="resources.saml.helpers.cert"
        fullWidth
        sx={{ '& textarea': { fontFamily: 'monospace', fontSize: 13 } }}
      />
    </SimpleForm>
  );
};
