import { Alert } from '@mui/material';
import {
  Edit,
  maxLength,
  SaveButton,
  SimpleForm,
  TextInput,
  type TextInputProps,
  Toolbar,
  useCanAccess,
  useNotify,
  useRequireAccess,
  useTranslate,
} from 'react-admin';
import { usePageTitle } from '../../components/usePageTitle';
import { errorNotification } from '../../kit/notifyError';
import { SAML_LIMITS, SAML_SETTINGS_ID, type SamlField, toSamlPayload } from './limits';
import { httpUrlOrEmpty, pathOrEmpty } from './validators';

const T = 'resources.saml-settings';

const PATHS = ['signOutPath', 'signInPath', 'metaPath'] as const;

/** Each kind of field's checks: its maximum length, and its form. */
const RULES = {
  url: [maxLength(SAML_LIMITS.url), httpUrlOrEmpty],
  protocol: [maxLength(SAML_LIMITS.protocol)],
  path: [maxLength(SAML_LIMITS.signInPath), pathOrEmpty],
  cert: [maxLength(SAML_LIMITS.cert)],
};

/** A field of the setting: its kind's checks, and its helper text saying its maximum length, where typing stops. */
const SettingInput = ({
  source,
  rule,
  ...props
}: Omit<TextInputProps, 'source' | 'validate' | 'helperText'> & {
  source: SamlField;
  rule: keyof typeof RULES;
}) => {
  const translate = useTranslate();
  return (
    <TextInput
      source={source}
      validate={RULES[rule]}
      helperText={translate(`${T}.helpers.${rule}`, { max: SAML_LIMITS[source] })}
      slotProps={{ htmlInput: { maxLength: SAML_LIMITS[source] } }}
      {...props}
    />
  );
};

const SamlToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/**
 * The provider's SAML setting (docs/requirements/portal-routes-and-menus.md), a single record read and saved with GET and PUT saml-setting:
 * url, protocol, sign-out, sign-in and metadata paths, and the trusted certificate. Each field has its
 * maximum length (limits.ts), enforced by the input and by validation. Saving shows the
 * 'updated' notification (`resources.saml-settings.notifications.updated`).
 * Seeing it needs the view permission on SAML configuration, saving it the modify permission.
 */
export const SamlSettingPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  usePageTitle(`${T}.title`);
  const { isPending } = useRequireAccess({ resource: 'saml-settings', action: 'list' });
  const { canAccess: canModify, isPending: isPendingModify } = useCanAccess({
    resource: 'saml-settings',
    action: 'edit',
  });
  if (isPending || isPendingModify) return null;
  const readOnly = !canModify;
  return (
    <Edit
      resource="saml-settings"
      id={SAML_SETTINGS_ID}
      title={`${T}.title`}
      actions={false}
      transform={toSamlPayload}
      mutationMode="pessimistic"
      redirect={false}
      // The list is this page: a failed load shows the server's message rather than redirecting to it.
      queryOptions={{ onError: (error: unknown) => notify(...errorNotification(error)) }}
      // The access rules are the page's own: view to see, modify to save (checked above).
      disableAuthentication
    >
      <SimpleForm
        noValidate
        warnWhenUnsavedChanges
        toolbar={readOnly ? false : <SamlToolbar />}
        sx={{ maxWidth: 760 }}
      >
        {readOnly && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate(`${T}.readOnly`)}
          </Alert>
        )}
        <SettingInput source="url" rule="url" readOnly={readOnly} fullWidth />
        <SettingInput source="protocol" rule="protocol" readOnly={readOnly} />
        {PATHS.map((field) => (
          <SettingInput key={field} source={field} rule="path" readOnly={readOnly} fullWidth />
        ))}
        <SettingInput
          source="cert"
          rule="cert"
          readOnly={readOnly}
          multiline
          minRows={6}
          fullWidth
          sx={{ '& textarea': { fontFamily: 'monospace' } }}
        />
      </SimpleForm>
    </Edit>
  );
};
