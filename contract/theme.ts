import { type Static, Type } from 'typebox';
import {
  CreatedAnswer,
  closed,
  closedQuery,
  NullableString,
  ReadOnly,
  RequiredText,
  Uuid,
} from './fields.ts';
import {
  defineCalls,
  defineErrors,
  defineListingNames,
  definePermissions,
  defineResource,
  NO_DELETE,
} from './kit.ts';

/**
 * Themes of the white-label mobile app and web sign-in (docs/requirements/portal-routes-and-menus.md Theme editor, docs/requirements/portal-entities.md Theme, docs/requirements/portal-states.md, docs/requirements/roles-and-permissions.md;
 * docs/requirements/billing-services-entities.md Theme, docs/requirements/billing-services-states.md Theme editor, docs/requirements/billing-services-data-calls.md Themes, docs/requirements/constants-and-limits.md): a customer's named theme, a definition of screens whose fields
 * are colours, texts and images, and the common fields shared by every screen. A colour changed on the
 * common screen is copied to the field of the same id on every screen (the editor does it, the server does
 * it again on save). Images are uploaded files kept by path. A theme assigned to a token pack cannot be
 * edited (nor deleted) until another theme replaces it there.
 */

export const THEME_FIELD_TYPES = ['color', 'text', 'image'] as const;
export type ThemeFieldType = (typeof THEME_FIELD_TYPES)[number];

/** The id of the common screen the editor adds from `commonDefs` (docs/requirements/billing-services-states.md). */
export const COMMON_SCREEN_ID = 'common';

/** The screens of the default definition: the mobile app's sign-in, approval and activation, and the web sign-in. */
export const THEME_SCREEN_IDS = ['sign-in', 'approval', 'activation', 'web-sign-in'] as const;
export type ThemeScreenId = (typeof THEME_SCREEN_IDS)[number];

/** docs/requirements/constants-and-limits.md: a text colour typed in applies this long after typing stops. */
export const THEME_TEXT_COLOUR_DEBOUNCE_MS = 500;

export const THEME_LIMITS = {
  name: 100,
  screens: 20,
  fieldsPerScreen: 50,
  fieldId: 64,
  label: 100,
  text: 500,
  /** An uploaded image (PNG, JPEG, SVG, WebP or GIF). */
  imageBytes: 1024 * 1024,
  rejectReason: 1000,
} as const;

export const THEME_IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/svg+xml',
  'image/webp',
  'image/gif',
] as const;

/** #rgb, #rrggbb or #rrggbbaa. */
export const THEME_COLOUR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
export const isThemeColour = (value: string): boolean => THEME_COLOUR_PATTERN.test(value);

/** Where an uploaded image is served (public: an <img> carries no token; the id is unguessable). */
export const THEME_FILE_PATH_PREFIX = '/whitelabelapp/files/';
export const themeFilePath = (fileId: string): string => `${THEME_FILE_PATH_PREFIX}${fileId}`;
const IMAGE_PATH_PATTERN = /^\/whitelabelapp\/files\/[0-9a-f-]{36}$/;
/** An image field's value: a path of an uploaded file, or '' for none. */
export const isThemeImagePath = (value: string): boolean => value === '' || IMAGE_PATH_PATTERN.test(value);

const FieldId = Type.String({ minLength: 1, maxLength: THEME_LIMITS.fieldId, pattern: '^[A-Za-z0-9_.-]+$' });

/** One field of a screen: its id (shared across screens), type, label and value. */
export const ThemeField = Type.Refine(
  Type.Object(
    {
      id: FieldId,
      type: Type.Enum([...THEME_FIELD_TYPES]),
      label: Type.Optional(Type.String({ maxLength: THEME_LIMITS.label })),
      value: Type.String({ maxLength: THEME_LIMITS.text }),
    },
    closed,
  ),
  (field) =>
    field.type === 'color'
      ? isThemeColour(field.value)
      : field.type === 'image'
        ? isThemeImagePath(field.value)
        : true,
  () => 'must be a colour like #1976d2 for a colour field, an uploaded image path for an image field',
);
export type ThemeField = Static<typeof ThemeField>;

export const ThemeScreen = Type.Object(
  {
    id: FieldId,
    name: Type.Optional(Type.String({ maxLength: THEME_LIMITS.label })),
    fields: Type.Array(ThemeField, { maxItems: THEME_LIMITS.fieldsPerScreen }),
  },
  closed,
);
export type ThemeScreen = Static<typeof ThemeScreen>;

/** docs/requirements/billing-services-entities.md: screenDefs, each with id and fields of id and value; commonDefs. */
export const ThemeDefinition = Type.Object(
  {
    screenDefs: Type.Array(ThemeScreen, { maxItems: THEME_LIMITS.screens }),
    commonDefs: Type.Array(ThemeField, { maxItems: THEME_LIMITS.fieldsPerScreen }),
  },
  closed,
);
export type ThemeDefinition = Static<typeof ThemeDefinition>;

const colour = (id: string, value: string): ThemeField => ({ id, type: 'color', value });
const text = (id: string, value: string): ThemeField => ({ id, type: 'text', value });
const image = (id: string): ThemeField => ({ id, type: 'image', value: '' });

/**
 * The default definition (`GET default`, and a new theme's when none is given). Field ids are shared: the
 * common fields' colours are copied to the fields of the same id on every screen; the preview draws each
 * screen from these ids (labels come from the catalogue by id). It follows that rule itself: a screen's
 * colour of a common id has the common value (a colour of one screen only needs an id of its own).
 */
export const DEFAULT_THEME_DEFINITION: ThemeDefinition = {
  commonDefs: [
    colour('primaryColor', '#1565c0'),
    colour('backgroundColor', '#ffffff'),
    colour('textColor', '#1a1a1a'),
    colour('buttonColor', '#1565c0'),
    colour('buttonTextColor', '#ffffff'),
    image('logo'),
    text('companyName', ''),
  ],
  screenDefs: [
    {
      id: 'sign-in',
      fields: [
        colour('backgroundColor', '#ffffff'),
        colour('textColor', '#1a1a1a'),
        colour('buttonColor', '#1565c0'),
        colour('buttonTextColor', '#ffffff'),
        image('logo'),
        text('title', 'Sign in'),
        text('subtitle', 'Scan the QR code on the sign-in page'),
        text('buttonLabel', 'Scan QR code'),
      ],
    },
    {
      id: 'approval',
      fields: [
        colour('backgroundColor', '#ffffff'),
        colour('textColor', '#1a1a1a'),
        colour('approveColor', '#2e7d32'),
        colour('rejectColor', '#c62828'),
        image('logo'),
        text('title', 'Approve this sign-in?'),
        text('approveLabel', 'Approve'),
        text('rejectLabel', 'Reject'),
      ],
    },
    {
      id: 'activation',
      fields: [
        colour('backgroundColor', '#ffffff'),
        colour('textColor', '#1a1a1a'),
        colour('buttonColor', '#1565c0'),
        colour('buttonTextColor', '#ffffff'),
        image('logo'),
        text('title', 'Activate your app'),
        text('instructions', 'Scan the QR code of your activation email'),
        text('buttonLabel', 'Activate'),
      ],
    },
    {
      id: 'web-sign-in',
      fields: [
        colour('backgroundColor', '#ffffff'),
        colour('textColor', '#1a1a1a'),
        colour('buttonColor', '#1565c0'),
        colour('buttonTextColor', '#ffffff'),
        image('logo'),
        text('title', 'Sign in to your account'),
        text('buttonLabel', 'Sign in'),
      ],
    },
  ],
};

export const THEME_STATUSES = ['ACTIVE', 'REJECTED'] as const;
export type ThemeStatus = (typeof THEME_STATUSES)[number];

/** A token pack showing the theme. */
export const ThemeTokenPack = Type.Object({ id: Type.String(), name: Type.String() });

export const ThemeRecord = Type.Object({
  id: Type.String(),
  customerId: Type.String(),
  name: Type.String(),
  themeDefinition: ThemeDefinition,
  /** Image path → the uploaded file's name (docs/requirements/billing-services-entities.md: images kept by path in an image map). */
  imageMap: Type.Record(Type.String(), Type.String()),
  status: Type.Enum([...THEME_STATUSES]),
  rejectReason: NullableString,
  /** The token packs showing it: while there is one, the theme cannot be edited or deleted. */
  tokenPacks: Type.Array(ThemeTokenPack),
  locked: Type.Boolean(),
  createdDate: Type.String(),
  lastModifiedDate: Type.String(),
});
export type ThemeRecord = Static<typeof ThemeRecord>;

export const NewTheme = Type.Object(
  {
    customerId: Uuid,
    name: RequiredText(THEME_LIMITS.name),
    /** Left out: the default definition. */
    themeDefinition: Type.Optional(ThemeDefinition),
  },
  closed,
);
export type NewTheme = Static<typeof NewTheme>;

/** The editor's save; the record's read-only fields may come back with it and are ignored. */
export const ThemeForm = Type.Object(
  {
    id: Uuid,
    customerId: Uuid,
    name: RequiredText(THEME_LIMITS.name),
    themeDefinition: ThemeDefinition,
    imageMap: ReadOnly(),
    status: ReadOnly(),
    rejectReason: ReadOnly(),
    tokenPacks: ReadOnly(),
    locked: ReadOnly(),
    createdDate: ReadOnly(),
    lastModifiedDate: ReadOnly(),
  },
  closed,
);
export type ThemeForm = Static<typeof ThemeForm>;

export const ThemeRef = Type.Object({ themeId: Uuid, customerId: Uuid }, closed);
export const ThemeRefs = Type.Object(
  { ids: Type.Array(Uuid, { minItems: 1, maxItems: 100, uniqueItems: true }), customerId: Uuid },
  closed,
);
/** The provider refuses a theme (for example a brand the customer may not use), saying why. */
export const ThemeRejection = Type.Object(
  { themeId: Uuid, customerId: Uuid, reason: RequiredText(THEME_LIMITS.rejectReason) },
  closed,
);

export const UploadedImage = Type.Object({
  path: Type.String(),
  fileName: Type.String(),
  mimeType: Type.String(),
  size: Type.Integer(),
});
export type UploadedImage = Static<typeof UploadedImage>;

/**
 * The answers of the theme calls: the server answers `{messageKey: key, message}` with the status; the
 * catalogue (src/i18n/en/errors.ts) has each key with the same text.
 */
export const THEME_ERRORS = defineErrors({
  THEME_NOT_FOUND: { status: 404, key: 'error.theme.notFound', text: 'Theme not found' },
  THEME_LOCKED: {
    status: 409,
    key: 'error.theme.locked',
    text: 'This theme is assigned to a token pack and cannot be edited until another theme replaces it there.',
  },
  THEME_IN_USE: {
    status: 409,
    key: 'error.theme.inUse',
    text: 'This theme is assigned to a token pack: assign another theme to the token pack before deleting it.',
  },
  THEME_REJECTED: {
    status: 409,
    key: 'error.theme.rejected',
    text: 'This theme was rejected by the provider: change it before assigning it to a token pack.',
  },
  THEME_IMAGE_TYPE: {
    status: 415,
    key: 'error.theme.imageType',
    text: 'Upload a PNG, JPEG, SVG, WebP or GIF image.',
  },
  /** An SVG is served publicly: one that could run a script is refused. */
  THEME_IMAGE_UNSAFE: {
    status: 415,
    key: 'error.theme.imageUnsafe',
    text: 'This SVG image carries scripts or event handlers: remove them, or upload a PNG.',
  },
  THEME_IMAGE_TOO_LARGE: {
    status: 413,
    key: 'error.theme.imageTooLarge',
    text: 'The image is larger than 1 MB: upload a smaller one.',
  },
  THEME_IMAGE_UNKNOWN: {
    status: 400,
    key: 'error.theme.imageUnknown',
    text: 'An image of the theme was not uploaded for this customer.',
  },
  THEME_IMAGE_NOT_FOUND: { status: 404, key: 'error.theme.imageNotFound', text: 'Image not found' },
});

export const THEME_LISTING = defineListingNames({
  filters: ['q', 'status'],
  sort: ['name', 'status', 'createdDate', 'lastModifiedDate', 'id'],
  defaultSort: { field: 'name', order: 'ASC' },
});

const inBody = (action: 'view' | 'create' | 'modify' | 'configure') =>
  ({ permission: `theme:${action}`, customer: { from: 'body' } }) as const;

export const theme = defineResource({
  name: 'theme',
  /** What the audit log names its entries' table, and how the portal reads it. */
  audit: { table: 'Theme', name: 'Theme' },
  base: '/whitelabelapp/theme',
  customerScoped: true,
  permission: 'theme',
  list: {
    by: 'postSearch',
    path: '{base}/{customerId}/search',
    summary: "Search a customer's themes (q: name; status)",
    access: { permission: 'theme:view', customer: { from: 'path' } },
    errors: [404],
  },
  getOne: {
    by: 'record',
    method: 'POST',
    path: '{base}/detail',
    body: { themeId: '{id}', customerId: '{customerId}' },
    summary: 'Read a theme with its definition and the token packs showing it',
    access: inBody('view'),
    errors: [404],
    schema: { body: ThemeRef, response: { 200: ThemeRecord } },
  },
  getMany: {
    by: 'record',
    method: 'POST',
    path: '{base}/details',
    body: { ids: '{ids}', customerId: '{customerId}' },
    summary: 'Read several themes of a customer',
    access: inBody('view'),
    schema: { body: ThemeRefs, response: { 200: Type.Array(ThemeRecord) } },
  },
  create: {
    by: 'record',
    method: 'POST',
    path: '{base}/create',
    body: 'data',
    summary: 'Add a theme (the default definition when none is given)',
    access: inBody('create'),
    errors: [404],
    schema: { body: NewTheme, response: { 201: CreatedAnswer } },
  },
  update: {
    by: 'record',
    method: 'PUT',
    path: '{base}/update',
    body: 'data',
    summary:
      'Save a theme: common colours copied to every screen; refused while a token pack shows it (409 THEME_LOCKED)',
    access: inBody('modify'),
    errors: [404, 409],
    schema: { body: ThemeForm, response: { 200: ThemeRecord } },
  },
  delete: {
    by: 'record',
    method: 'DELETE',
    path: '{base}/delete',
    body: { themeId: '{id}', customerId: '{customerId}' },
    summary: 'Delete a theme no token pack shows (409 THEME_IN_USE otherwise)',
    access: inBody('configure'),
    errors: [404, 409],
    schema: { body: ThemeRef, response: { 200: ThemeRecord } },
  },
  deleteMany: { by: 'each' },
  actions: {
    getDefault: {
      by: 'call',
      method: 'GET',
      path: '{base}/default',
      summary: 'The default theme definition (the screens and common fields a new theme starts from)',
      access: { permission: 'theme:view' },
      schema: { response: { 200: ThemeDefinition } },
    },
    reject: {
      by: 'call',
      method: 'POST',
      path: '{base}/reject',
      body: 'data',
      summary: "Refuse a customer's theme, saying why (provider operators); saving it again makes it ACTIVE",
      access: { scope: 'provider', permission: 'theme:configure', customer: { from: 'body' } },
      errors: [404],
      schema: { body: ThemeRejection, response: { 200: ThemeRecord } },
    },
    upload: {
      by: 'upload',
      method: 'POST',
      path: '/whitelabelapp/files/upload',
      part: 'file',
      query: ['customerId'],
      summary: 'Upload an image for a theme (PNG, JPEG, SVG, WebP or GIF, at most 1 MB); answers its path',
      access: { permission: 'theme:modify', customer: { from: 'query' } },
      multipart: true,
      errors: [404, 413, 415],
      schema: {
        querystring: Type.Object({ customerId: Uuid }, closedQuery),
        response: { 201: UploadedImage },
      },
    },
  },
});

/** The uploaded images, read by path (public: the preview's and the app's <img> carry no token). */
export const themeFiles = defineCalls({
  name: 'theme-files',
  calls: {
    image: {
      method: 'GET',
      path: '/whitelabelapp/files/{id}',
      summary: "A theme's uploaded image, by its path (the id is unguessable)",
      access: { public: true },
      limit: 'public',
      errors: [404],
      schema: { params: Type.Object({ id: Uuid }, closedQuery) },
    },
  },
});

/** Who may be granted what on this contract's records (the permission catalogue's entry). */
export const PERMISSIONS = definePermissions({
  theme: {
    scope: 'customer',
    actions: NO_DELETE,
    asset: { name: 'Themes', description: 'Mobile app themes of a customer' },
  },
});
