import { type ReactNode, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { ConnectorKind } from '../../../contract/connector';
import type { LaunchValidation, ServiceChanges, ServiceInstanceRecord } from '../../../contract/service';
import type { PortalDataProvider } from '../../dataProviders';
import { ConfirmDialog } from '../../kit/ConfirmDialog';
import { errorNotification } from '../../kit/notifyError';
import { typeIdOfKind } from './wizardState';

/** A connector to give the service: its id, its kind (ldap, ldap_2fa, radius, saml…) and its name. */
export interface ChosenConnector {
  id: string;
  kind: ConnectorKind;
  name: string;
}

/** The service's edit form with `chosen` in place of the connector of the same type; the others kept. */
export const changesWith = (
  service: ServiceInstanceRecord,
  chosen: ChosenConnector,
  force: 'true' | 'false',
): ServiceChanges => {
  const typeId = typeIdOfKind(chosen.kind);
  return {
    id: service.id,
    customerId: service.customerId,
    instanceName: service.instanceName,
    description: service.description,
    rememberPassword: service.rememberPassword,
    connectors: [
      ...service.connectors
        .filter((connector) => typeIdOfKind(connector.type) !== typeId)
        .map(({ id, type, name }) => ({ id, type, name })),
      { id: chosen.id, type: chosen.kind, name: chosen.name },
    ],
    force,
  };
};

interface Pending {
  changes: ServiceChanges;
  used: LaunchValidation['usedConnectors'];
  settle: (saved: ServiceInstanceRecord | null) => void;
}

/**
 * Gives a connector to the service as its page does: the change is validated first; when the connector
 * serves another service, 'Warning connector setting!' asks before it is taken from it (force 'true').
 * `assign` answers the saved service, or null when the user declined or the call failed (already said).
 * Draw `dialog` beside the step.
 */
export const useAssignConnector = (service: ServiceInstanceRecord) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const [pending, setPending] = useState<Pending | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async (changes: ServiceChanges): Promise<ServiceInstanceRecord> => {
    const { data } = await dataProvider.update<ServiceInstanceRecord>('service-launch', {
      id: changes.id,
      data: changes,
      previousData: service,
    });
    notify('portal.wizard.assign.saved', { type: 'info' });
    return data;
  };

  const assign = async (chosen: ChosenConnector): Promise<ServiceInstanceRecord | null> => {
    const changes = changesWith(service, chosen, 'false');
    let used: LaunchValidation['usedConnectors'];
    setSaving(true);
    try {
      const { data: validation } = await dataProvider.validateUpdate<LaunchValidation>('service-launch', {
        data: changes,
      });
      if (validation.success || validation.usedConnectors.length === 0) return await save(changes);
      used = validation.usedConnectors;
    } catch (error) {
      notify(...errorNotification(error));
      return null;
    } finally {
      setSaving(false);
    }
    // Another service uses it: ask, then take it from that service.
    return new Promise<ServiceInstanceRecord | null>((settle) =>
      setPending({ changes: { ...changes, force: 'true' }, used, settle }),
    );
  };

  const accept = async () => {
    if (!pending) return;
    setSaving(true);
    try {
      pending.settle(await save(pending.changes));
    } catch (error) {
      notify(...errorNotification(error));
      pending.settle(null);
    } finally {
      setSaving(false);
      setPending(null);
    }
  };

  const reject = () => {
    pending?.settle(null);
    setPending(null);
  };

  const unique = (values: string[]) => [...new Set(values)].join(', ');
  const dialog: ReactNode = (
    <ConfirmDialog
      open={pending !== null}
      title="portal.wizard.assign.confirmTitle"
      content="portal.wizard.assign.confirmContent"
      translateOptions={{
        connectors: unique(pending?.used.map((used) => used.connectorName) ?? []),
        services: unique(pending?.used.map((used) => used.serviceInstanceName) ?? []),
      }}
      loading={saving}
      onAccept={() => void accept()}
      onReject={reject}
    />
  );
  return { assign, saving, dialog };
};
