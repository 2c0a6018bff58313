import { useEffect, useRef } from 'react';
import {
  BooleanInput,
  maxLength,
  NumberInput,
  PasswordInput,
  RadioButtonGroupInput,
  SelectInput,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { DIRECTORY_LIMITS, GRAPH_DEFAULT_URLS, LDAP_DEFAULTS, LDAP_PORTS } from '../../../contract/directory';
import { FormRow, FormSection } from '../../components/FormSection';
import { RequiredTextInput, useRequired } from '../../components/RequiredTextInput';
import { ResourceForm } from '../../components/ResourceForm';
import { SaveCancelToolbar } from '../../components/SaveCancelToolbar';
import { requiredField } from '../../components/validators';
import { AUTHENTICATION_CHOICES, type Directory, shows, TYPE_CHOICES, VALIDATE } from './directoryFields';
import { TestConnectionButton } from './TestConnectionButton';

/** The values a new directory starts from (every type's defaults; only the chosen type's are sent). */
export const NEW_DIRECTORY = {
  type: 'LDAP',
  hybrid: false,
  ...LDAP_DEFAULTS,
  ...GRAPH_DEFAULT_URLS,
  restAuthentication: 'NONE',
};

/** Switching LDAPS on or off moves the port between 389 and 636, unless another port was typed. */
const SecuredPort = () => {
  const { getValues, setValue } = useFormContext();
  const secured = useWatch({ name: 'secured' });
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const port = Number(getValues('port'));
    if (secured && port === LDAP_PORTS.plain) setValue('port', LDAP_PORTS.secured, { shouldDirty: true });
    if (!secured && port === LDAP_PORTS.secured) setValue('port', LDAP_PORTS.plain, { shouldDirty: true });
  }, [secured, getValues, setValue]);
  return null;
};

/**
 * A password or secret: write-only. Once one is stored (for this type) it is not required, and left empty
 * it is kept.
 */
const StoredSecretInput = ({
  source,
  stored,
  label = source,
}: {
  source: 'password' | 'secret';
  stored: boolean;
  label?: string;
}) => {
  const translate = useTranslate();
  return (
    <PasswordInput
      source={source}
      label={`resources.ldap.fields.${label}`}
      isRequired={!stored}
      validate={stored ? [] : [requiredField(translate(`resources.ldap.fields.${label}`))]}
      helperText={
        stored ? `resources.ldap.helpers.${source === 'password' ? 'passwordKept' : 'secretKept'}` : false
      }
      autoComplete="new-password"
      fullWidth
    />
  );
};

/** The fields of the chosen type only (docs/requirements/portal-entities.md Directory). */
const TypeFields = () => {
  const record = useRecordContext<Directory>();
  const type = useWatch({ name: 'type' });
  const authentication = useWatch({ name: 'restAuthentication' });
  const sameType = record?.type === type;
  const required = useRequired();
  const text = (limit: number) => maxLength(limit);

  if (type === 'LDAP') {
    return (
      <>
        <SecuredPort />
        <FormSection title="resources.ldap.sections.connection">
          <RequiredTextInput
            source="host"
            validate={[VALIDATE.host, text(DIRECTORY_LIMITS.host)]}
            helperText="resources.ldap.helpers.host"
          />
          <FormRow from="sm" centered>
            <NumberInput
              source="port"
              isRequired
              min={1}
              max={65535}
              validate={[required('port'), VALIDATE.port]}
              helperText="resources.ldap.helpers.port"
            />
            <BooleanInput source="secured" />
          </FormRow>
          <RequiredTextInput
            source="baseDn"
            validate={[VALIDATE.dn, text(DIRECTORY_LIMITS.dn)]}
            helperText="resources.ldap.helpers.baseDn"
          />
        </FormSection>
        <FormSection title="resources.ldap.sections.account">
          <RequiredTextInput
            source="userDn"
            validate={[VALIDATE.dn, text(DIRECTORY_LIMITS.dn)]}
            helperText="resources.ldap.helpers.userDn"
          />
          <StoredSecretInput source="password" stored={sameType && record?.passwordSet === true} />
        </FormSection>
        <FormSection title="resources.ldap.sections.users">
          <RequiredTextInput
            source="userLoginPattern"
            validate={[VALIDATE.userLoginPattern, text(DIRECTORY_LIMITS.pattern)]}
            helperText="resources.ldap.helpers.userLoginPattern"
          />
          <RequiredTextInput
            source="loginProperty"
            validate={VALIDATE.attribute}
            helperText="resources.ldap.helpers.loginProperty"
          />
          <FormRow>
            <TextInput source="emailAttribute" validate={VALIDATE.attribute} />
            <TextInput source="displayNameAttribute" validate={VALIDATE.attribute} />
            <TextInput source="phoneAttribute" validate={VALIDATE.attribute} />
          </FormRow>
          <BooleanInput source="hybrid" helperText="resources.ldap.helpers.hybrid" />
        </FormSection>
      </>
    );
  }
  if (type === 'AZURE') {
    return (
      <FormSection title="resources.ldap.sections.connection">
        <RequiredTextInput
          source="tenantId"
          validate={VALIDATE.tenantId}
          helperText="resources.ldap.helpers.tenantId"
        />
        <RequiredTextInput source="applicationId" validate={text(DIRECTORY_LIMITS.applicationId)} />
        <StoredSecretInput source="secret" stored={sameType && record?.secretSet === true} />
        <BooleanInput source="hybrid" helperText="resources.ldap.helpers.hybrid" />
        <FormSection title="resources.ldap.sections.advanced">
          <TextInput
            source="graphUrl"
            validate={VALIDATE.url}
            helperText="resources.ldap.helpers.graphUrl"
            fullWidth
          />
          <TextInput source="authorityUrl" validate={VALIDATE.url} fullWidth />
        </FormSection>
      </FormSection>
    );
  }
  if (type === 'REST') {
    return (
      <FormSection title="resources.ldap.sections.connection">
        <RequiredTextInput
          source="listUsersUrl"
          validate={VALIDATE.url}
          helperText="resources.ldap.helpers.listUsersUrl"
        />
        <SelectInput
          source="restAuthentication"
          choices={AUTHENTICATION_CHOICES}
          isRequired
          validate={required('restAuthentication')}
        />
        {shows(type, 'restUsername') && authentication === 'BASIC' && (
          <RequiredTextInput source="restUsername" validate={text(DIRECTORY_LIMITS.restUsername)} />
        )}
        {authentication === 'API_KEY' && <RequiredTextInput source="restHeader" validate={VALIDATE.header} />}
        {authentication && authentication !== 'NONE' && (
          <StoredSecretInput
            source="secret"
            stored={sameType && record?.secretSet === true}
            label="restSecret"
          />
        )}
      </FormSection>
    );
  }
  return null;
};

/** The form of create and edit: name, type (fixed once created), and the chosen type's fields. */
export const DirectoryForm = ({ editing = false }: { editing?: boolean }) => {
  return (
    <ResourceForm
      toolbar={
        <SaveCancelToolbar>
          <TestConnectionButton />
        </SaveCancelToolbar>
      }
      defaultValues={editing ? undefined : NEW_DIRECTORY}
    >
      <RequiredTextInput source="name" validate={maxLength(DIRECTORY_LIMITS.name)} />
      <RadioButtonGroupInput source="type" choices={TYPE_CHOICES} disabled={editing} row />
      <TypeFields />
    </ResourceForm>
  );
};
