import { Alert } from '@mui/material';
import { useMemo } from 'react';
import {
  Edit,
  maxLength,
  SaveButton,
  SimpleForm,
  TextInput,
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
  const validate = useMemo(
    () => ({
      url: [maxLength(SAML_LIMITS.url), httpUrlOrEmpty],
      protocol: [maxLength(SAML_LIMITS.protocol)],
      path: [maxLength(SAML_LIMITS.signInPath), pathOrEmpty],
      cert: [maxLength(SAML_LIMITS.cert)],
    }),
    [],
  );
  if (isPending || isPendingModify) return null;
  const readOnly = !canModify;
  const limit = (field: SamlField) => ({ htmlInput: { maxLength: SAML_LIMITS[field] } });
  const helper = (key: string, field: SamlField) =>
    translate(`${T}.helpers.${key}`, { max: SAML_LIMITS[field] });
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
        <TextInput
          source="url"
          validate={validate.url}
          helperText={helper('url', 'url')}
          slotProps={limit('url')}
          readOnly={readOnly}
          fullWidth
        />
        <TextInput
          source="protocol"
          validate={validate.protocol}
          helperText={helper('protocol', 'protocol')}
          slotProps={limit('protocol')}
          readOnly={readOnly}
        />
        {PATHS.map((field) => (
          <TextInput
            key={field}
            source={field}
            validate={validate.path}
            helperText={helper('path', field)}
            slotProps={limit(field)}
            readOnly={readOnly}
            fullWidth
          />
        ))}
        <TextInput
          source="cert"
          validate={validate.cert}
          helperText={helper('cert', 'cert')}
          slotProps={limit('cert')}
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
