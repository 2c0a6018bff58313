import { maxLength, type RaRecord, TextInput, useNotify, useRedirect } from 'react-admin';
import { OIDC_LIMITS } from '../../../contract/oidc';
import { RequiredTextInput, useRequired } from '../../components/RequiredTextInput';
import { ResourceForm } from '../../components/ResourceForm';
import { linesOf, validRedirectUrls } from './oidcFields';

/** The client's name and redirect URLs; its id and secret are made by the gateway. */
export const OidcForm = () => {
  const required = useRequired();
  return (
    <ResourceForm>
      <RequiredTextInput source="clientName" validate={maxLength(OIDC_LIMITS.clientName)} />
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
    </ResourceForm>
  );
};

/**
 * What a save says, the resource's errors being swallowed by the data layer: `saved`, its notice and the
 * client's page; `notSaved`, the screen's own warning.
 */
export const useSaveNotices = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return {
    saved: (notice: 'created' | 'updated', data: RaRecord) => {
      notify(`resources.oidc.notifications.${notice}`, { type: 'info' });
      redirect('show', 'oidc', data.id);
    },
    notSaved: () => notify('resources.oidc.notifications.notSaved', { type: 'warning' }),
  };
};
