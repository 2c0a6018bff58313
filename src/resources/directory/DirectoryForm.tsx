import CloseIcon from '@mui/icons-material/Close';
import { Stack } from '@mui/material';
import { useEffect, useMemo, useRef } from 'react';
import {
  BooleanInput,
  ListButton,
  maxLength,
  NumberInput,
  PasswordInput,
  RadioButtonGroupInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { DIRECTORY_LIMITS, GRAPH_DEFAULT_URLS, LDAP_DEFAULTS, LDAP_PORTS } from '../../../contract/directory';
import { FormSection } from '../../components/FormSection';
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
  const translate = useTranslate();
  const record = useRecordContext<Directory>();
  const type = useWatch({ name: 'type' });
  const authentication = useWatch({ name: 'restAuthentication' });
  const sameType = record?.type === type;
  const required = (field: string) => requiredField(translate(`resources.ldap.fields.${field}`));
  const text = (limit: number) => maxLength(limit);

  if (type === 'LDAP') {
    return (
      <>
        <SecuredPort />
        <FormSection title="resources.ldap.sections.connection">
          <TextInput
            source="host"
            isRequired
            validate={[required('host'), VALIDATE.host, text(DIRECTORY_LIMITS.host)]}
            helperText="resources.ldap.helpers.host"
            fullWidth
          />
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ sm: 2 }}
            sx={{ alignItems: { sm: 'center' } }}
          >
            <NumberInput
              source="port"
              isRequired
              min={1}
              max={65535}
              validate={[required('port'), VALIDATE.port]}
              helperText="resources.ldap.helpers.port"
            />
            <BooleanInput source="secured" />
          </Stack>
          <TextInput
            source="baseDn"
            isRequired
            validate={[required('baseDn'), VALIDATE.dn, text(DIRECTORY_LIMITS.dn)]}
            helperText="resources.ldap.helpers.baseDn"
            fullWidth
          />
        </FormSection>
        <FormSection title="resources.ldap.sections.account">
          <TextInput
            source="userDn"
            isRequired
            validate={[required('userDn'), VALIDATE.dn, text(DIRECTORY_LIMITS.dn)]}
            helperText="resources.ldap.helpers.userDn"
            fullWidth
          />
          <StoredSecretInput source="password" stored={sameType && record?.passwordSet === true} />
        </FormSection>
        <FormSection title="resources.ldap.sections.users">
          <TextInput
            source="userLoginPattern"
            isRequired
            validate={[
              required('userLoginPattern'),
              VALIDATE.userLoginPattern,
              text(DIRECTORY_LIMITS.pattern),
            ]}
            helperText="resources.ldap.helpers.userLoginPattern"
            fullWidth
          />
          <TextInput
            source="loginProperty"
            isRequired
            validate={[required('loginProperty'), VALIDATE.attribute]}
            helperText="resources.ldap.helpers.loginProperty"
            fullWidth
          />
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ md: 2 }}>
            <TextInput source="emailAttribute" validate={VALIDATE.attribute} />
            <TextInput source="displayNameAttribute" validate={VALIDATE.attribute} />
            <TextInput source="phoneAttribute" validate={VALIDATE.attribute} />
          </Stack>
          <BooleanInput source="hybrid" helperText="resources.ldap.helpers.hybrid" />
        </FormSection>
      </>
    );
  }
  if (type === 'AZURE') {
    return (
      <FormSection title="resources.ldap.sections.connection">
        <TextInput
          source="tenantId"
          isRequired
          validate={[required('tenantId'), VALIDATE.tenantId]}
          helperText="resources.ldap.helpers.tenantId"
          fullWidth
        />
        <TextInput
          source="applicationId"
          isRequired
          validate={[required('applicationId'), text(DIRECTORY_LIMITS.applicationId)]}
          fullWidth
        />
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
        <TextInput
          source="listUsersUrl"
          isRequired
          validate={[required('listUsersUrl'), VALIDATE.url]}
          helperText="resources.ldap.helpers.listUsersUrl"
          fullWidth
        />
        <SelectInput
          source="restAuthentication"
          choices={AUTHENTICATION_CHOICES}
          isRequired
          validate={required('restAuthentication')}
        />
        {shows(type, 'restUsername') && authentication === 'BASIC' && (
          <TextInput
            source="restUsername"
            isRequired
            validate={[required('restUsername'), text(DIRECTORY_LIMITS.restUsername)]}
            fullWidth
          />
        )}
        {authentication === 'API_KEY' && (
          <TextInput
            source="restHeader"
            isRequired
            validate={[required('restHeader'), VALIDATE.header]}
            fullWidth
          />
        )}
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

const LdapToolbar = () => (
  <Toolbar sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 2 }}>
    <TestConnectionButton />
    <Stack direction="row" spacing={2}>
      <SaveButton />
      <ListButton label="ra.action.cancel" icon={<CloseIcon />} />
    </Stack>
  </Toolbar>
);

/** The form of create and edit: name, type (fixed once created), and the chosen type's fields. */
export const DirectoryForm = ({ editing = false }: { editing?: boolean }) => {
  const translate = useTranslate();
  const validateName = useMemo(
    () => [requiredField(translate('resources.ldap.fields.name')), maxLength(DIRECTORY_LIMITS.name)],
    [translate],
  );
  return (
    <SimpleForm
      toolbar={<LdapToolbar />}
      noValidate
      warnWhenUnsavedChanges
      defaultValues={editing ? undefined : NEW_DIRECTORY}
      sx={{ maxWidth: 720 }}
    >
      <TextInput source="name" isRequired validate={validateName} fullWidth />
      <RadioButtonGroupInput source="type" choices={TYPE_CHOICES} disabled={editing} row />
      <TypeFields />
    </SimpleForm>
  );
};
