import {
  CONNECTOR_TYPE_IDS,
  type ConnectorKind,
  type ConnectorSummary,
  type ConnectorType,
} from '../../../contract/connector';
import {
  connectorKey,
  INSTALLER_PROFILE,
  LAUNCH_CREATABLE_KINDS,
  type LaunchValidation,
  NEW_CONNECTOR_ID,
  type ServiceConnector,
  type ServiceInstanceRecord,
} from '../../../contract/service';
import { TEMPLATE_PROTOCOLS, type TemplateRecord } from '../../../contract/serviceTemplate';

/** The words of the service screens: records, connector types, the gallery's grouping. */

export type ServiceInstance = ServiceInstanceRecord;
export type Template = TemplateRecord;
export type UsedConnector = LaunchValidation['usedConnectors'][number];
export type Force = 'true' | 'false';

export const T = 'resources.service-launch';

/** 'Required field' (docs/requirements/billing-services-validation.md): a text of spaces only is empty too. */
export const requiredText = (value: unknown) =>
  value == null || (typeof value === 'string' && value.trim() === '')
    ? `${T}.validation.required`
    : undefined;

/** A choice of a connector selector: a connector of the customer, or the one the launch makes (NEW). */
export interface ConnectorOption {
  id: string;
  name: string;
  type: ConnectorKind;
  isNew?: boolean;
}

/** The key of a connector type id (ldap, radius…), or undefined for an id the spec does not know. */
export const typeKeyOf = (typeId: number): ConnectorType | undefined =>
  (Object.entries(CONNECTOR_TYPE_IDS) as [ConnectorType, number][]).find(([, id]) => id === typeId)?.[0];

/**
 * The lookups a connector type is served by: the directories (type 1) are the kinds ldap_2fa (LDAP
 * directories) and ldap (every directory), the LDAP ones first; the other types their own kind.
 */
export const kindsOf = (typeId: number): ConnectorKind[] => {
  const key = typeKeyOf(typeId);
  if (!key) return [];
  return key === 'ldap' ? ['ldap_2fa', 'ldap'] : [key];
};

/** Whether a launch may make a connector of this type from its name alone (not directories). */
export const isCreatable = (typeId: number): boolean =>
  (LAUNCH_CREATABLE_KINDS as readonly string[]).includes(typeKeyOf(typeId) ?? '');

/** The directory type (its selector stays as it is on the service page: docs/requirements/billing-services-screens.md). */
export const DIRECTORY_TYPE_ID = CONNECTOR_TYPE_IDS.ldap;

/** The form field of a connector type's selector. */
export const connectorSource = (typeId: number) => `connectorConfig.${connectorKey(typeId)}`;

/** The answers of several lookups as one list: the first answer of an id wins. */
export const mergeLookups = (answers: ConnectorSummary[][]): ConnectorOption[] => {
  const seen = new Set<string>();
  const merged: ConnectorOption[] = [];
  for (const row of answers.flat()) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    merged.push({ id: row.id, name: row.name, type: row.type });
  }
  return merged;
};

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A selector's choices: the connector the launch makes (NEW) at the top, then the customer's connectors
 * (and the service's own, should the lookup not have them).
 */
export const choicesOf = (
  typeId: number,
  fetched: readonly ConnectorOption[],
  current: readonly ConnectorOption[],
  newName: string | undefined,
): ConnectorOption[] => {
  const kinds = kindsOf(typeId);
  const own = current.filter(
    (connector) => kinds.includes(connector.type) && !fetched.some((row) => row.id === connector.id),
  );
  const key = typeKeyOf(typeId);
  const made: ConnectorOption[] =
    newName !== undefined && key ? [{ id: NEW_CONNECTOR_ID, name: newName, type: key, isNew: true }] : [];
  return [...made, ...own, ...fetched];
};

/** The choice a name typed in the New connector dialog matches already (a duplicate is not added). */
export const duplicateOf = (choices: readonly ConnectorOption[], name: string): ConnectorOption | undefined =>
  choices.find((choice) => sameName(choice.name, name));

/**
 * The connectors a form sends: one per type its template needs and a choice was made for, with its kind
 * and name (a NEW one takes the name of the first entry of its list: the one the dialog made).
 */
export const chosenConnectors = (
  typeIds: readonly number[],
  config: Readonly<Record<string, unknown>> | undefined,
  choices: (typeId: number) => ConnectorOption[],
): ServiceConnector[] =>
  typeIds.flatMap((typeId) => {
    const value = config?.[connectorKey(typeId)];
    if (typeof value !== 'string' || value === '') return [];
    const list = choices(typeId);
    const chosen =
      value === NEW_CONNECTOR_ID ? list.find((choice) => choice.isNew) : list.find((c) => c.id === value);
    if (!chosen) return [];
    return [{ id: chosen.id, type: chosen.type, name: chosen.name }];
  });

/** The gallery: the templates whose name holds `q` (any case), grouped by protocol in the catalogue's order. */
export const galleryGroups = (templates: readonly Template[], q: string) => {
  const wanted = q.trim().toLowerCase();
  const shown = templates
    .filter((template) => template.templateName.toLowerCase().includes(wanted))
    .sort((a, b) => a.templateName.localeCompare(b.templateName));
  return TEMPLATE_PROTOCOLS.map((protocol) => ({
    protocol,
    templates: shown.filter((template) => template.protocol === protocol),
  })).filter((group) => group.templates.length > 0);
};

/** The installer profile needs a started service with an HTTPS connector (docs/requirements/billing-services-screens.md). */
export const installerReady = (record: Pick<ServiceInstance, 'status' | 'connectorConfig'>): boolean =>
  record.status === 'STARTED' && Boolean(record.connectorConfig?.[INSTALLER_PROFILE.connectorKey]);

/** The connectors another service uses, in a refusal of create or update (409), or undefined. */
export const usedConnectorsOf = (error: unknown): UsedConnector[] | undefined => {
  const body = (error as { body?: { usedConnectors?: unknown } } | null)?.body;
  return Array.isArray(body?.usedConnectors) && body.usedConnectors.length > 0
    ? (body.usedConnectors as UsedConnector[])
    : undefined;
};
