import { useQueries } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { ConnectorSummary } from '../../../contract/connector';
import { NEW_CONNECTOR_ID } from '../../../contract/service';
import type { PortalDataProvider } from '../../dataProviders';
import { type ConnectorOption, choicesOf, duplicateOf, kindsOf, mergeLookups, T } from './model';

export interface ConnectorChoices {
  /** The choices of a type's selector, the connector the dialog made (NEW) first. */
  choices: (typeId: number) => ConnectorOption[];
  /** Whether a type's connectors are still loading. */
  isPending: (typeId: number) => boolean;
  /**
   * The New connector dialog's name: added at the top of the type's list as NEW (replacing the one added
   * before), unless a choice of the list has that name already. Answers the id to select.
   */
  add: (typeId: number, name: string) => { id: string; added: boolean };
}

/**
 * The customer's connectors of each type a template needs (`idm-config/connectors/{kind}`), and the ones
 * the launch makes. A lookup that fails says 'Error: Get All Connectors Failed' (docs/requirements/error-messages.md).
 */
export const useConnectorChoices = (
  typeIds: readonly number[],
  current: readonly ConnectorOption[] = [],
): ConnectorChoices => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const [added, setAdded] = useState<Record<number, string>>({});
  const lookups = useQueries({
    queries: typeIds.map((typeId) => ({
      queryKey: ['connectors', 'ofType', typeId],
      queryFn: async () =>
        mergeLookups(
          await Promise.all(
            kindsOf(typeId).map(
              async (type) => (await dataProvider.ofType<ConnectorSummary[]>('connectors', { type })).data,
            ),
          ),
        ),
    })),
  });
  const failed = lookups.some((lookup) => lookup.isError);
  useEffect(() => {
    if (failed) notify(`${T}.connectors.failed`, { type: 'warning' });
  }, [failed, notify]);

  const choices = (typeId: number) =>
    choicesOf(typeId, lookups[typeIds.indexOf(typeId)]?.data ?? [], current, added[typeId]);
  const add = (typeId: number, name: string) => {
    const duplicate = duplicateOf(choices(typeId), name);
    if (duplicate) return { id: duplicate.id, added: false };
    setAdded((before) => ({ ...before, [typeId]: name.trim() }));
    return { id: NEW_CONNECTOR_ID, added: true };
  };
  const isPending = (typeId: number) => lookups[typeIds.indexOf(typeId)]?.isPending ?? false;
  return { choices, add, isPending };
};
