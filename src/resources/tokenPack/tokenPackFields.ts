import type { RaRecord, Validator } from 'react-admin';
import {
  isNetwork,
  isTokenPackName,
  TOKEN_PACK_ERRORS,
  TOKEN_PACK_IMAGE_MAX_BYTES,
  TOKEN_PACK_NAME_MAX,
  type TokenPackRecord,
  WHITE_LIST_ERRORS,
  WHITE_LIST_LIMITS,
  type WhiteListIpRecord,
  WIZARD_STATUSES,
} from '../../../contract/tokenPack';
import { type ImageValue, imageRules, isImageValue } from '../../components/imageRules';

/** A token pack as the server answers it (contract/tokenPack.ts). */
export type TokenPack = TokenPackRecord & RaRecord;
export type TrustedNetwork = WhiteListIpRecord & RaRecord;
export type PackService = TokenPack['services'][number];

export const T = 'resources.token-pack-v2';
export { TOKEN_PACK_NAME_MAX, WHITE_LIST_LIMITS };

export const WIZARD_STATUS_CHOICES = WIZARD_STATUSES.map((id) => ({ id, name: `portal.status.${id}` }));

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The name rule of docs/requirements/portal-validation.md, in its words: 'Name is required' when empty, 'Name is invalid' when it has
 * special characters, spaces around it or more than TOKEN_PACK_NAME_MAX characters (the contract's
 * isTokenPackName, as the server's).
 */
export const validName: Validator = (value: unknown) => {
  const name = text(value);
  if (!name.trim()) return TOKEN_PACK_ERRORS.nameRequired.key;
  return isTokenPackName(name) ? undefined : TOKEN_PACK_ERRORS.nameInvalid.key;
};

/** A trusted network: an IPv4 or IPv6 address or CIDR range (the contract's isNetwork, as the server's). */
export const validNetwork: Validator = (value: unknown) => {
  const ip = text(value).trim();
  return ip && isNetwork(ip) ? undefined : WHITE_LIST_ERRORS.invalid.key;
};

// ——— Images ———

/** The image parts of a create or update, and the remove choice of each (docs/requirements/constants-and-limits.md upload limit). */
export const IMAGES = {
  iconFile: { remove: 'removeIcon', url: 'iconUrl' },
  featureImageFile: { remove: 'removeFeatureImage', url: 'featureImageUrl' },
} as const;
export type ImagePart = keyof typeof IMAGES;
export const IMAGE_MAX_BYTES = TOKEN_PACK_IMAGE_MAX_BYTES;

/** An image of the pack: an image type, at most 2,000,000 bytes, one file. */
export const IMAGE_RULES = imageRules(IMAGE_MAX_BYTES, {
  type: `${T}.validation.imageType`,
  tooLarge: `${T}.validation.imageTooLarge`,
  one: `${T}.validation.imageOne`,
});

// ——— What the form sends ———

export interface PackFormValues {
  name?: string;
  primaryDirectoryId?: string | null;
  serviceIds?: string[];
  iconFile?: unknown;
  featureImageFile?: unknown;
  removeIcon?: boolean;
  removeFeatureImage?: boolean;
  themeId?: string | null;
  activationReminderDays?: number | null;
}

export interface PackPayload {
  name: string;
  primaryDirectoryId: string | null;
  serviceIds?: string[];
  iconFile?: ImageValue;
  featureImageFile?: ImageValue;
  removeIcon?: true;
  removeFeatureImage?: true;
  themeId?: string | null;
  activationReminderDays: number | null;
}

/**
 * The form's values as the contract's `info` part has them (NewTokenPack, TokenPackChanges): the name, the
 * primary directory (none: null), on an update the usable services (the switches turned on), and for each
 * image the new file when one was chosen, else its removal when asked for. The files go in parts of their
 * own (`iconFile`, `featureImageFile`). On an update, the theme (none: null) when it was changed: a pack
 * whose theme the provider has since rejected can still be saved without choosing another.
 */
export const toPackPayload =
  ({ withServices }: { withServices: boolean }) =>
  (values: PackFormValues, options?: { previousData?: { themeId?: string | null } }): PackPayload => {
    const payload: PackPayload = {
      name: text(values.name),
      primaryDirectoryId: values.primaryDirectoryId ? values.primaryDirectoryId : null,
      activationReminderDays:
        typeof values.activationReminderDays === 'number' ? values.activationReminderDays : null,
    };
    if (withServices) payload.serviceIds = [...(values.serviceIds ?? [])];
    const themeId = values.themeId ? values.themeId : null;
    if (withServices && themeId !== (options?.previousData?.themeId ?? null)) payload.themeId = themeId;
    for (const [part, { remove }] of Object.entries(IMAGES) as [ImagePart, (typeof IMAGES)[ImagePart]][]) {
      const value = values[part];
      if (isImageValue(value)) payload[part] = value;
      else if (values[remove]) payload[remove] = true;
    }
    return payload;
  };
