import { Stack } from '@mui/material';
import { useMemo } from 'react';
import {
  Labeled,
  SaveButton,
  SimpleForm,
  TextField,
  Toolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { connectorKey, type LaunchValidation, type ServiceChanges } from '../../../contract/service';
import { StatusField } from '../../components/StatusField';
import type { PortalDataProvider } from '../../dataProviders';
import { useForceRule } from './ForceDialog';
import { chosenConnectors, DIRECTORY_TYPE_ID, type Force, type ServiceInstance, T } from './model';
import { ConnectorsSection, NameAndDescriptionInputs } from './ServiceFields';
import { useConnectorChoices } from './useConnectorChoices';

interface InfoValues {
  instanceName?: string;
  description?: string;
  connectorConfig?: Record<string, unknown>;
}

/**
 * The Info tab of a service (docs/requirements/billing-services-screens.md): its name and description, its status (read-only), template and
 * token pack, and its connector per type its template needs; the directory selector (ldap_2fa) stays as it
 * is. Saving validates first (the force rule), then updates.
 */
export const ServiceInfo = () => {
  const record = useRecordContext<ServiceInstance>();
  if (!record) return null;
  return <ServiceInfoForm record={record} />;
};

const ServiceInfoForm = ({ record }: { record: ServiceInstance }) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const current = useMemo(() => record.connectors, [record.connectors]);
  const connectors = useConnectorChoices(record.connectorIds, current);

  const changesOf = (values: InfoValues, force: Force): ServiceChanges => {
    // The directory is not changed here: the service keeps the one it has.
    const config: Record<string, unknown> = { ...values.connectorConfig };
    const directoryKey = connectorKey(DIRECTORY_TYPE_ID);
    config[directoryKey] = record.connectorConfig[directoryKey];
    return {
      id: String(record.id),
      customerId: record.customerId,
      instanceName: (values.instanceName ?? '').trim(),
      description: values.description ?? '',
      connectors: chosenConnectors(record.connectorIds, config, connectors.choices),
      force,
    };
  };
  const { submit, dialog } = useForceRule<InfoValues>({
    validate: async (values, force) =>
      (
        await dataProvider.validateUpdate<LaunchValidation>('service-launch', {
          data: changesOf(values, force),
        })
      ).data,
    save: async (values, force) => {
      await dataProvider.update('service-launch', {
        id: record.id,
        data: changesOf(values, force),
        previousData: record,
      });
      notify(`${T}.notifications.updated`, { type: 'info' });
      refresh();
    },
  });

  return (
    <>
      <SimpleForm
        onSubmit={(values: FieldValues) => submit(values as InfoValues)}
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
        noValidate
        warnWhenUnsavedChanges
        sx={{ maxWidth: 720, p: 0 }}
      >
        <NameAndDescriptionInputs nameSource="instanceName" />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }} sx={{ mb: 2 }}>
          <Labeled label={`${T}.fields.status`}>
            <StatusField />
          </Labeled>
          <Labeled label={`${T}.fields.templateName`}>
            <TextField source="templateName" emptyText="—" />
          </Labeled>
          <Labeled label={`${T}.fields.tokenPackName`}>
            <TextField source="tokenPackName" />
          </Labeled>
        </Stack>
        <ConnectorsSection typeIds={record.connectorIds} connectors={connectors} keepDirectory />
      </SimpleForm>
      {dialog}
    </>
  );
};
