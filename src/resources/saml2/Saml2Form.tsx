import { FormHelperText } from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import {
  ArrayInput,
  BooleanInput,
  maxLength,
  RadioButtonGroupInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useDataProvider,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { isUname, SAML2_LIMITS, type Saml2Defaults } from '../../../contract/saml2';
import { CertificateInput } from '../../components/CertificateInput';
import { FormRow, FormSection } from '../../components/FormSection';
import { RequiredTextInput, useRequired } from '../../components/RequiredTextInput';
import { ResourceForm } from '../../components/ResourceForm';
import { errorNotification } from '../../kit/notifyError';
import {
  NAME_ID_FORMAT_CHOICES,
  NEW_SAML2,
  PROPERTY_CHOICES,
  PROVIDER_CHOICES,
  type Saml2,
  SEND_ATTRIBUTE_CHOICES,
  SIGNATURE_CHOICES,
  validCertificate,
  validDomain,
  validUname,
  validUrl,
} from './saml2Fields';

/** How long typing rests before the URL suffix is checked. */
const CHECK_DELAY_MS = 400;

type Availability = 'checking' | 'available' | 'taken' | null;

/**
 * The URL suffix, checked as it is typed (GET /saml2/check/{uname}, after typing rests): whether another
 * connector has it. The connector's own suffix is not checked.
 */
const UnameAvailability = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const record = useRecordContext<Saml2>();
  const uname = useWatch({ name: 'uname' }) as string | undefined;
  const [state, setState] = useState<Availability>(null);
  useEffect(() => {
    if (!uname || !isUname(uname) || uname === record?.uname) {
      setState(null);
      return;
    }
    let current = true;
    setState('checking');
    const timer = setTimeout(async () => {
      try {
        const { data } = await dataProvider.check('saml2', { uname });
        if (current) setState((data as { available: boolean }).available ? 'available' : 'taken');
      } catch {
        if (current) setState(null);
      }
    }, CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [uname, record?.uname, dataProvider]);
  if (!state) return null;
  return (
    <FormHelperText role="status" error={state === 'taken'} sx={{ mt: -1, mb: 1, mx: 1.75 }}>
      {translate(`resources.saml2.uname.${state}`)}
    </FormHelperText>
  );
};

/** Create only: a known service provider's defaults fill the form (GET /idm-config/saml2/{type}). */
const ProviderDefaults = () => {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const { setValue } = useFormContext();
  const provider = useWatch({ name: 'provider' }) as string | undefined;
  useEffect(() => {
    if (!provider) return;
    let current = true;
    dataProvider
      .defaultConfig('saml2', { type: provider })
      .then(({ data }: { data: Saml2Defaults }) => {
        if (!current) return;
        const { type: _type, ...values } = data;
        for (const [field, value] of Object.entries(values)) {
          // A default that is empty leaves what was typed.
          if (value === '' && field !== 'providerName') continue;
          setValue(field, value, { shouldDirty: true });
        }
      })
      .catch((error: unknown) => notify(...errorNotification(error)));
    return () => {
      current = false;
    };
  }, [provider, dataProvider, setValue, notify]);
  return null;
};

/** A list of the attributes the gateway sends (the mapped ones, or the created ones): each a name and `children`. */
const AttributeList = ({ source, children }: { source: string; children: ReactNode }) => {
  const required = useRequired();
  return (
    <ArrayInput source={source} helperText={`resources.saml2.helpers.${source}`}>
      <SimpleFormIterator inline disableReordering>
        <TextInput
          source="name"
          label="resources.saml2.fields.attributeName"
          validate={[required('attributeName'), maxLength(SAML2_LIMITS.attributeName)]}
        />
        {children}
      </SimpleFormIterator>
    </ArrayInput>
  );
};

/** Every field of docs/requirements/portal-entities.md SAML2 connector, in sections. */
export const Saml2Form = ({ creating = false }: { creating?: boolean }) => {
  const required = useRequired();
  return (
    <ResourceForm defaultValues={creating ? NEW_SAML2 : undefined} maxWidth={800}>
      {creating && (
        <>
          <SelectInput
            source="provider"
            choices={PROVIDER_CHOICES}
            helperText="resources.saml2.helpers.provider"
            fullWidth
          />
          <ProviderDefaults />
        </>
      )}
      <FormSection title="resources.saml2.sections.provider">
        <RequiredTextInput source="providerName" validate={maxLength(SAML2_LIMITS.providerName)} />
        <RequiredTextInput source="uname" validate={validUname} helperText="resources.saml2.helpers.uname" />
        <UnameAvailability />
        <TextInput
          source="domainName"
          validate={validDomain}
          helperText="resources.saml2.helpers.domainName"
          fullWidth
        />
        <RequiredTextInput
          source="entityId"
          validate={maxLength(SAML2_LIMITS.entityId)}
          helperText="resources.saml2.helpers.entityId"
        />
        <RequiredTextInput source="acsUrl" validate={validUrl} />
        <TextInput source="loginUrl" validate={validUrl} fullWidth />
        <TextInput source="logoutUrl" validate={validUrl} fullWidth />
        <TextInput
          source="defaultRelayState"
          validate={maxLength(SAML2_LIMITS.relayState)}
          helperText="resources.saml2.helpers.defaultRelayState"
          fullWidth
        />
        <CertificateInput
          source="certificate"
          validate={[validCertificate, maxLength(SAML2_LIMITS.certificate)]}
          helperText="resources.saml2.helpers.certificate"
        />
      </FormSection>
      <FormSection title="resources.saml2.sections.assertion">
        <FormRow>
          <SelectInput
            source="nameIdFormat"
            choices={NAME_ID_FORMAT_CHOICES}
            isRequired
            validate={required('nameIdFormat')}
          />
          <SelectInput
            source="nameIdAttribute"
            choices={PROPERTY_CHOICES}
            isRequired
            validate={required('nameIdAttribute')}
          />
        </FormRow>
        <FormRow centered>
          <SelectInput
            source="signatureAlgorithm"
            choices={SIGNATURE_CHOICES}
            isRequired
            validate={required('signatureAlgorithm')}
            helperText="resources.saml2.helpers.signatureAlgorithm"
          />
          <BooleanInput source="signResponse" />
          <BooleanInput source="signAssertion" />
        </FormRow>
      </FormSection>
      <FormSection title="resources.saml2.sections.attributes">
        <RadioButtonGroupInput source="sendAttribute" choices={SEND_ATTRIBUTE_CHOICES} row={false} />
        <AttributeList source="attributeMapping">
          <SelectInput
            source="property"
            label="resources.saml2.fields.property"
            choices={PROPERTY_CHOICES}
            validate={required('property')}
          />
        </AttributeList>
        <AttributeList source="createdAttributes">
          <TextInput
            source="value"
            label="resources.saml2.fields.attributeValue"
            validate={[required('attributeValue'), maxLength(SAML2_LIMITS.attributeValue)]}
          />
        </AttributeList>
      </FormSection>
    </ResourceForm>
  );
};
