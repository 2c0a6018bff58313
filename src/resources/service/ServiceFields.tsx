import { maxLength, TextInput } from 'react-admin';
import { SERVICE_LIMITS } from '../../../contract/service';
import { FormSection } from '../../components/FormSection';
import { ConnectorSelect } from './ConnectorSelect';
import { DIRECTORY_TYPE_ID, requiredText, T } from './model';
import type { ConnectorChoices } from './useConnectorChoices';

const validateName = [requiredText, maxLength(SERVICE_LIMITS.instanceName)];
const validateDescription = [maxLength(SERVICE_LIMITS.description)];

/** A service's name (`name` in a launch, `instanceName` on the service's page) and its description. */
export const NameAndDescriptionInputs = ({ nameSource }: { nameSource: 'name' | 'instanceName' }) => (
  <>
    <TextInput
      source={nameSource}
      label={`${T}.fields.${nameSource}`}
      validate={validateName}
      isRequired
      helperText={`${T}.helpers.name`}
      fullWidth
    />
    <TextInput
      source="description"
      label={`${T}.fields.description`}
      validate={validateDescription}
      helperText={`${T}.helpers.description`}
      multiline
      minRows={2}
      fullWidth
    />
  </>
);

export interface ConnectorsSectionProps {
  /** The connector types the template needs: a selector each (no section when there are none). */
  typeIds: readonly number[];
  connectors: ConnectorChoices;
  /** The launch may make connectors (Create new). */
  allowNew?: boolean;
  /** The service's page: its directory (ldap_2fa) stays as it is, its selector disabled. */
  keepDirectory?: boolean;
}

/** The Connectors section of a launch or a service: a selector per connector type its template needs. */
export const ConnectorsSection = ({
  typeIds,
  connectors,
  allowNew,
  keepDirectory,
}: ConnectorsSectionProps) =>
  typeIds.length > 0 ? (
    <FormSection title={`${T}.launch.connectors`}>
      {typeIds.map((typeId) => {
        const kept = keepDirectory && typeId === DIRECTORY_TYPE_ID;
        return (
          <ConnectorSelect
            key={typeId}
            typeId={typeId}
            connectors={connectors}
            allowNew={allowNew}
            disabled={kept}
            helperText={kept ? `${T}.connectors.directoryKept` : undefined}
          />
        );
      })}
    </FormSection>
  ) : null;
