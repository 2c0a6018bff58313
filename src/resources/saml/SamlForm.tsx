import { maxLength, RadioButtonGroupInput } from 'react-admin';
import { SAML_LIMITS } from '../../../contract/saml';
import { CertificateInput } from '../../components/CertificateInput';
import { FormRow } from '../../components/FormSection';
import { RequiredTextInput } from '../../components/RequiredTextInput';
import { ResourceForm } from '../../components/ResourceForm';
import { PROTOCOL_CHOICES, validCertificate, validPath, validUrl } from './samlFields';

/** Name, the gateway's URL and paths, the protocol and the certificate Microsoft 365 trusts. */
export const SamlForm = ({ defaultValues }: { defaultValues?: Record<string, unknown> }) => {
  const path = (field: 'signInPath' | 'signOutPath' | 'metaPath') => (
    <RequiredTextInput source={field} validate={[validPath, maxLength(SAML_LIMITS[field])]} />
  );
  return (
    <ResourceForm defaultValues={defaultValues} maxWidth={800}>
      <RequiredTextInput source="name" validate={maxLength(SAML_LIMITS.name)} />
      <RequiredTextInput
        source="url"
        validate={[validUrl, maxLength(SAML_LIMITS.url)]}
        helperText="resources.saml.helpers.url"
      />
      <RadioButtonGroupInput source="protocol" choices={PROTOCOL_CHOICES} row />
      <FormRow>
        {path('signInPath')}
        {path('signOutPath')}
        {path('metaPath')}
      </FormRow>
      <CertificateInput
        source="cert"
        required
        validate={[validCertificate, maxLength(SAML_LIMITS.cert)]}
        helperText="resources.saml.helpers.cert"
      />
    </ResourceForm>
  );
};
