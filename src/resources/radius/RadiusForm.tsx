import { RequiredTextInput } from '../../components/RequiredTextInput';
import { ResourceForm } from '../../components/ResourceForm';
import { NAME_LENGTH, validIp } from './radiusFields';

/** Name and IP address; the shared secret is made by the gateway (docs/requirements/portal-entities.md RADIUS connector). */
export const RadiusForm = () => {
  return (
    <ResourceForm>
      <RequiredTextInput source="name" validate={NAME_LENGTH} />
      <RequiredTextInput
        source="ipAddress"
        validate={validIp}
        helperText="resources.radius.helpers.ipAddress"
      />
    </ResourceForm>
  );
};
