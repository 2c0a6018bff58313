import {
  SAML_SETTING_FIELDS,
  SAML_SETTING_LIMITS,
  type SamlSettingField,
} from '../../../contract/samlSetting';

/**
 * The SAML setting's fields and their maximum lengths (the contract's; docs/requirements/portal-routes-and-menus.md leaves the values open):
 * url 2048 (an http(s) URL or empty), protocol 16, the three paths 512 each (starting with '/' or empty), cert
 * 20000 (multiline PEM).
 */
export const SAML_LIMITS = SAML_SETTING_LIMITS;

export type SamlField = SamlSettingField;

export const SAML_FIELDS = SAML_SETTING_FIELDS;

/** The id the singleton is asked for with (the data layer ignores it and answers the one setting). */
export const SAML_SETTINGS_ID = 'saml-setting';

/** The six fields as the server's contract has them; an empty field is sent as ''. */
export const toSamlPayload = (values: Record<string, unknown>): Record<SamlField, string> =>
  Object.fromEntries(
    SAML_FIELDS.map((field) => [field, typeof values[field] === 'string' ? values[field] : '']),
  ) as Record<SamlField, string>;
