import type { RaRecord } from 'react-admin';
import {
  COMMON_SCREEN_ID,
  THEME_IMAGE_TYPES,
  THEME_LIMITS,
  THEME_STATUSES,
  type ThemeDefinition,
  type ThemeField,
  type ThemeRecord,
  type ThemeScreen,
} from '../../../contract/theme';
import { API_URL } from '../../config';

/** A theme as the server answers it (contract/theme.ts). */
export type Theme = ThemeRecord & RaRecord;

export const T = 'resources.theme';

export const STATUS_CHOICES = THEME_STATUSES.map((id) => ({ id, name: `${T}.status.${id}` }));

/** A screen of the editor: the common screen (its fields are `commonDefs`) or one of `screenDefs`. */
export interface EditorScreen {
  /** `common`, or the screen's index in `screenDefs` as text. */
  key: string;
  id: string;
  name?: string;
  fields: ThemeField[];
  /** Where its fields are in the form's values. */
  path: string;
}

export const COMMON_KEY = COMMON_SCREEN_ID;
const COMMON_PATH = 'themeDefinition.commonDefs';

/**
 * The editor's screens (docs/requirements/billing-services-states.md "load adds the common definitions as a screen if missing"): the common
 * screen first, drawn from `commonDefs`, then every screen of `screenDefs`.
 */
export const editorScreens = (definition: ThemeDefinition | undefined): EditorScreen[] => [
  { key: COMMON_KEY, id: COMMON_SCREEN_ID, fields: definition?.commonDefs ?? [], path: COMMON_PATH },
  ...(definition?.screenDefs ?? []).map((screen, index) => ({
    key: String(index),
    id: screen.id,
    name: screen.name,
    fields: screen.fields,
    path: `themeDefinition.screenDefs.${index}.fields`,
  })),
];

/**
 * The definition as the editor works on it: a common screen kept among `screenDefs` (an older definition
 * may carry one) becomes the common fields: its fields complete `commonDefs` (those of `commonDefs` win),
 * and it leaves `screenDefs`. Save sends `commonDefs` and the other screens.
 */
export const normalizeDefinition = (definition: ThemeDefinition | undefined): ThemeDefinition => {
  const screenDefs = definition?.screenDefs ?? [];
  const commonDefs = definition?.commonDefs ?? [];
  const common = screenDefs.find((screen) => screen.id === COMMON_SCREEN_ID);
  if (!common) return { screenDefs, commonDefs };
  const known = new Set(commonDefs.map((field) => field.id));
  return {
    commonDefs: [...commonDefs, ...common.fields.filter((field) => !known.has(field.id))],
    screenDefs: screenDefs.filter((screen) => screen !== common),
  };
};

export const normalizeTheme = <R extends { themeDefinition?: ThemeDefinition }>(record: R): R =>
  record.themeDefinition
    ? { ...record, themeDefinition: normalizeDefinition(record.themeDefinition) }
    : record;

/**
 * The token packs showing the theme (none while only part of the record is known, as just after a create,
 * whose answer is the new id).
 */
export const packsOf = (record: Partial<Pick<Theme, 'tokenPacks'>>): Theme['tokenPacks'] =>
  record.tokenPacks ?? [];

/** A theme a token pack shows cannot be edited nor deleted (the server answers 409 THEME_LOCKED, THEME_IN_USE). */
export const isLocked = (record: Partial<Theme> | undefined): boolean =>
  Boolean(record && (record.locked || packsOf(record).length > 0));

/** What the editor's save sends (contract ThemeForm): the record's read-only fields stay behind. */
export const toThemeForm = (values: Record<string, unknown>) => {
  const { id, customerId, name, themeDefinition } = values as Partial<Theme>;
  return {
    id,
    customerId,
    name: typeof name === 'string' ? name.trim() : name,
    themeDefinition: normalizeDefinition(themeDefinition),
  };
};

/**
 * The fields of every screen of `screenDefs` that a colour of the common screen reaches: colour fields of the
 * same id (docs/requirements/portal-entities.md: "Colour changes on the common screen are copied to the same field id in every screen").
 */
export const commonColourTargets = (screenDefs: ThemeScreen[], fieldId: string): string[] =>
  screenDefs.flatMap((screen, index) =>
    screen.fields.flatMap((field, fieldIndex) =>
      field.id === fieldId && field.type === 'color'
        ? [`themeDefinition.screenDefs.${index}.fields.${fieldIndex}.value`]
        : [],
    ),
  );

/** A screen's values by field id, its own first, then the common ones (the preview's). */
export const valuesOf = (fields: ThemeField[], common: ThemeField[] = []): Record<string, string> => {
  const values: Record<string, string> = {};
  for (const field of common) if (field.value) values[field.id] = field.value;
  for (const field of fields) if (field.value || !(field.id in values)) values[field.id] = field.value;
  return values;
};

// ——— Images ———

/** Where the browser reads an uploaded image: the API's address of its path. */
export const imageSrc = (path: string): string => `${API_URL}${path}`;

export const IMAGE_ACCEPT = THEME_IMAGE_TYPES.join(',');

/** Why a file cannot be a theme's image (an error key of the catalogue), or undefined. */
export const imageRefusal = (file: File): string | undefined => {
  if (!(THEME_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'error.theme.imageType';
  if (file.size > THEME_LIMITS.imageBytes) return 'error.theme.imageTooLarge';
  return undefined;
};

// ——— Colours ———

/** The 6-digit form an `<input type="color">` takes (#rgb doubled; the alpha of #rrggbbaa left out). */
export const toSwatch = (colour: string): string => {
  const hex = colour.replace('#', '');
  if (hex.length === 3 || hex.length === 4)
    return `#${hex
      .slice(0, 3)
      .split('')
      .map((digit) => digit + digit)
      .join('')}`.toLowerCase();
  if (hex.length >= 6) return `#${hex.slice(0, 6)}`.toLowerCase();
  return '#000000';
};

const luminance = (colour: string): number => {
  const hex = toSwatch(colour).slice(1);
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** The WCAG contrast ratio of two colours, rounded to one decimal (1 to 21). */
export const contrastRatio = (foreground: string, background: string): number => {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return Math.round(((light + 0.05) / (dark + 0.05)) * 10) / 10;
};

/** WCAG AA for normal text. */
export const READABLE_CONTRAST = 4.5;
