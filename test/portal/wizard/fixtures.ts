import type { ServiceInstanceRecord } from '../../../contract/service';
import type { TokenPackRecord } from '../../../contract/tokenPack';

/** A VPN service of Acme (c1): a RADIUS template needing a directory (1) and a RADIUS connector (2). */
export const vpnService = (fields: Partial<ServiceInstanceRecord> = {}): ServiceInstanceRecord => ({
  id: 's1',
  customerId: 'c1',
  instanceName: 'Branch VPN',
  description: 'Remote access',
  status: 'STOPPED',
  tokenPackId: 'tp1',
  tokenPackName: 'Professional Token Pack',
  serviceTemplateId: 'st1',
  templateName: 'VPN',
  protocol: 'RADIUS',
  iconUrl: null,
  enabled: true,
  rememberPassword: false,
  connectorConfig: { connector_1: 'd1' },
  connectors: [{ id: 'd1', name: 'Head office LDAP', type: 'ldap' }],
  connectorIds: [1, 2],
  bypassCount: 0,
  seamlessCount: 0,
  createdDate: '2026-01-05T10:00:00.000Z',
  lastModifiedDate: '2026-01-05T10:00:00.000Z',
  ...fields,
});

/** An Office 365 service of Acme: a SAML template needing a directory and a SAML connector (3). */
export const office365Service = (fields: Partial<ServiceInstanceRecord> = {}): ServiceInstanceRecord =>
  vpnService({
    id: 's2',
    instanceName: 'Office 365',
    templateName: 'Office 365',
    protocol: 'SAML',
    connectorIds: [1, 3],
    ...fields,
  });

export const pack = (fields: Partial<TokenPackRecord> = {}): TokenPackRecord => ({
  id: 'tp1',
  customerId: 'c1',
  name: 'Professional Token Pack',
  subscriptionId: 'sub1',
  subscriptionPlan: { tierPlanType: 'NORMAL', tierName: 'Professional', periodName: '12 months' },
  wizardStatus: 'NEW',
  iconUrl: null,
  featureImageUrl: null,
  primaryDirectoryId: null,
  themeId: null,
  themeName: null,
  activationReminderDays: null,
  serviceIds: ['s1'],
  services: [],
  createdDate: '2026-01-05T10:00:00.000Z',
  lastModifiedDate: '2026-01-05T10:00:00.000Z',
  ...fields,
});
