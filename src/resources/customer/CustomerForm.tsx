import { Avatar, Box } from '@mui/material';
import { useMemo } from 'react';
import { maxLength, TextInput, useTranslate, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ResourceForm } from '../../components/ResourceForm';
import { requiredField, validEmail } from '../../components/validators';
import { COMPANY_NAME_MAX, CONTACT_PHONE_MAX, EMAIL_MAX, isLogoUrl } from './customerFields';

const validLogo: Validator = (value: unknown) =>
  typeof value === 'string' && value.trim() && !isLogoUrl(value.trim())
    ? 'resources.customer.validation.logo'
    : undefined;

/** A preview of the logo being typed, once it is a valid address. */
const LogoPreview = () => {
  const translate = useTranslate();
  const logo: unknown = useWatch({ name: 'logo' });
  if (typeof logo !== 'string' || !isLogoUrl(logo.trim())) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Avatar
        src={logo.trim()}
        alt={translate('resources.customer.logoPreview')}
        variant="rounded"
        sx={{ width: 72, height: 72 }}
      />
    </Box>
  );
};

/** The profile form of create and edit: company name, contact email and phone, logo. */
export const CustomerForm = () => {
  const translate = useTranslate();
  const validate = useMemo(() => {
    const label = (field: string) => translate(`resources.customer.fields.${field}`);
    return {
      companyName: [requiredField(label('companyName')), maxLength(COMPANY_NAME_MAX)],
      contactEmail: [requiredField(label('contactEmail')), validEmail, maxLength(EMAIL_MAX)],
      contactPhone: [maxLength(CONTACT_PHONE_MAX)],
      logo: [validLogo],
    };
  }, [translate]);
  return (
    <ResourceForm maxWidth={600}>
      <TextInput source="companyName" validate={validate.companyName} isRequired fullWidth />
      <TextInput source="contactEmail" type="email" validate={validate.contactEmail} isRequired fullWidth />
      <TextInput source="contactPhone" validate={validate.contactPhone} fullWidth />
      <TextInput
        source="logo"
        validate={validate.logo}
        helperText="resources.customer.helpers.logo"
        fullWidth
      />
      <LogoPreview />
    </ResourceForm>
  );
};
