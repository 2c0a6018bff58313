import { SelectInput } from 'react-admin';
import { RequiredTextInput } from '../../components/RequiredTextInput';
import { ResourceForm } from '../../components/ResourceForm';
import { DEFAULT_RADIUS_MODE, MODE_CHOICES, NAME_LENGTH, validIp } from './radiusFields';

/**
 * Name, IP address and how the second factor is asked; the shared secret is made by the gateway
 * (docs/requirements/portal-entities.md RADIUS connector).
 */
export const RadiusForm = () => {
  return (
    <ResourceForm>
      <RequiredTextInput source="name" validate={NAME_LENGTH} />
      <RequiredTextInput
        source="ipAddress"
        validate={validIp}
        helperText="resources.radius.helpers.ipAddress"
      />
      <SelectInput
        source="mode"
        choices={MODE_CHOICES}
        defaultValue={DEFAULT_RADIUS_MODE}
        helperText="resources.radius.helpers.mode"
        isRequired
      />
    </ResourceForm>
  );
};
