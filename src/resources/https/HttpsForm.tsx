import { maxLength } from 'react-admin';
import { NAME_MAX_LENGTH } from '../../../contract/connector';
import { RequiredTextInput } from '../../components/RequiredTextInput';
import { ResourceForm } from '../../components/ResourceForm';

/** The name; the API key is made by the gateway (docs/requirements/portal-entities.md HTTPS connector). */
export const HttpsForm = () => {
  return (
    <ResourceForm>
      <RequiredTextInput
        source="name"
        validate={maxLength(NAME_MAX_LENGTH)}
        helperText="resources.https.helpers.name"
      />
    </ResourceForm>
  );
};
