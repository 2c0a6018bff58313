import { type Static, Type } from 'typebox';
import { closed, HttpUrl } from './fields.ts';
import { definePermissions, defineResource } from './kit.ts';
import { URL_MAX_LENGTH } from './rules.ts';

/**
 * The provider's SAML setting (docs/requirements/portal-routes-and-menus.md "SAML settings page", docs/requirements/portal-entities.md "SAML setting"): one record, read and
 * saved whole. Before the first save every field is ''.
 */

/** The maximum input lengths (docs/requirements/portal-routes-and-menus.md leaves them open). */
export const SAML_SETTING_LIMITS = {
  url: URL_MAX_LENGTH,
  protocol: 16,
  signOutPath: 512,
  signInPath: 512,
  metaPath: 512,
  cert: 20_000,
} as const;

export type SamlSettingField = keyof typeof SAML_SETTING_LIMITS;
export const SAML_SETTING_FIELDS = Object.keys(SAML_SETTING_LIMITS) as SamlSettingField[];

/** A path on the SAML server: '' or starting with '/'. */
export const isSamlPath = (value: string): boolean => value === '' || value.startsWith('/');

const PathField = (maxLength: number) =>
  Type.Refine(
    Type.String({ maxLength }),
    (value) => isSamlPath(value),
    () => "must start with '/'",
  );

/** All six fields; an `id` (react-admin's record id for the single setting) is accepted and ignored. */
export const SamlSettingForm = Type.Object(
  {
    url: HttpUrl({ optional: true }),
    protocol: Type.String({ maxLength: SAML_SETTING_LIMITS.protocol }),
    signOutPath: PathField(SAML_SETTING_LIMITS.signOutPath),
    signInPath: PathField(SAML_SETTING_LIMITS.signInPath),
    metaPath: PathField(SAML_SETTING_LIMITS.metaPath),
    /** The trusted certificate, multiline PEM text. */
    cert: Type.String({ maxLength: SAML_SETTING_LIMITS.cert }),
    id: Type.Optional(
      Type.Union([Type.String(), Type.Number()], {
        description: 'the single setting has no id of its own; ignored',
      }),
    ),
  },
  closed,
);

export const SamlSettingRecord = Type.Object({
  url: Type.String(),
  protocol: Type.String(),
  signOutPath: Type.String(),
  signInPath: Type.String(),
  metaPath: Type.String(),
  cert: Type.String(),
});
export type SamlSettingRecord = Static<typeof SamlSettingRecord>;

export const samlSetting = defineResource({
  name: 'saml-settings',
  /** What the audit log names its entries' table, and how the portal reads it. */
  audit: { table: 'SamlSetting', name: 'SAML setting' },
  base: '/idm-config/saml-setting',
  customerScoped: false,
  permission: 'saml-configuration',
  getOne: {
    by: 'record',
    method: 'GET',
    path: '{base}', // a singleton: the id is ignored
    summary: "Read the provider's SAML setting",
    access: { scope: 'provider', permission: 'saml-configuration:view' },
    schema: { response: { 200: SamlSettingRecord } },
  },
  update: {
    by: 'record',
    method: 'PUT',
    path: '{base}',
    body: 'data',
    summary: "Save the provider's SAML setting",
    access: { scope: 'provider', permission: 'saml-configuration:modify' },
    schema: { body: SamlSettingForm, response: { 200: SamlSettingRecord } },
  },
});

/** Who may be granted what on this contract's records (the permission catalogue's entry). */
export const PERMISSIONS = definePermissions({
  'saml-configuration': {
    scope: 'provider',
    actions: ['view', 'modify', 'configure'],
    asset: { name: 'SAML Settings', description: 'Provider-wide SAML settings' },
  },
});
