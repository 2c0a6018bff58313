import Papa from 'papaparse';

/**
 * Reading a users CSV as people save them: comma, semicolon or tab between values; UTF-8 with or without a
 * byte-order mark, or Windows-1252 (what Excel writes on a western Windows). The portal reads the file
 * with these to show its columns and guess their mapping; the server reads it again with the same, so
 * what the screen showed is what is imported.
 */

export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];
export const CSV_ENCODINGS = ['UTF-8', 'Windows-1252'] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];

/** What the columns of a file may be imported as; `firstName` and `lastName` are joined as the display name. */
export const CSV_TARGETS = [
  'username',
  'email',
  'displayName',
  'firstName',
  'lastName',
  'mobilePhone',
  'status',
] as const;
export type CsvTarget = (typeof CSV_TARGETS)[number];
/** Which column (by its place, from 0) each target is read from; a target left out is not imported. */
export type CsvMapping = Partial<Record<CsvTarget, number>>;

/**
 * Windows-1252's characters at 0x80–0x9F, where it differs from Latin-1 (undefined bytes stay as they are,
 * as the WHATWG Encoding Standard maps them). Node's own TextDecoder reads these bytes as Latin-1.
 */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d,
  0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x9d, 0x017e, 0x0178,
];

const fromWindows1252 = (bytes: Uint8Array): string => {
  let text = '';
  for (let start = 0; start < bytes.length; start += 8192) {
    const codes = Array.from(bytes.subarray(start, start + 8192), (byte) =>
      byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80]! : byte,
    );
    text += String.fromCharCode(...codes);
  }
  return text;
};

/** A file's text: UTF-8 (its byte-order mark dropped) when it is valid UTF-8, else Windows-1252. */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { text: text.replace(/^\uFEFF/, ''), encoding: 'UTF-8' };
  } catch {
    return { text: fromWindows1252(bytes), encoding: 'Windows-1252' };
  }
}

export interface CsvTable {
  delimiter: CsvDelimiter;
  /** The first line's names, trimmed. */
  header: string[];
  /** Each data row with its line in the file (the header is line 1); blank lines left out. */
  rows: { line: number; values: string[] }[];
  /** The first row (from 1) whose quote is not closed, or undefined. */
  brokenQuote?: number;
}

/**
 * The rows of a CSV text, its delimiter guessed from the first lines (the one that splits them alike).
 * `preview`: read only the header and that many rows.
 */
export function parseCsvText(text: string, preview?: number): CsvTable {
  // Guessed on the first non-blank lines: a blank last line would count as a row of one value.
  const guessed = Papa.parse<string[]>(text, {
    delimitersToGuess: [...CSV_DELIMITERS],
    skipEmptyLines: 'greedy',
    preview: 10,
  }).meta.delimiter;
  const delimiter = (CSV_DELIMITERS as readonly string[]).includes(guessed) ? (guessed as CsvDelimiter) : ',';
  const parsed = Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: false,
    ...(preview === undefined ? {} : { preview: preview + 1 }),
  });
  const broken = parsed.errors.find((error) => error.type === 'Quotes');
  const [header = [], ...data] = parsed.data;
  return {
    delimiter,
    header: header.map((name) => name.trim()),
    rows: data
      .map((values, index) => ({ line: index + 2, values }))
      .filter(({ values }) => !(values.length === 1 && values[0]!.trim() === '')),
    ...(broken ? { brokenQuote: (broken.row ?? 0) + 1 } : {}),
  };
}

/** The names a header may give each target, compared without case, spaces, dots, dashes or underscores. */
const HEADER_NAMES: Record<CsvTarget, readonly string[]> = {
  username: [
    'username',
    'user',
    'login',
    'loginname',
    'uid',
    'userid',
    'samaccountname',
    'userprincipalname',
  ],
  email: ['email', 'mail', 'emailaddress', 'courriel'],
  displayName: ['displayname', 'name', 'fullname', 'cn', 'commonname'],
  firstName: ['firstname', 'givenname', 'first', 'forename', 'prenom', 'prénom'],
  lastName: ['lastname', 'surname', 'sn', 'familyname', 'last', 'nom'],
  mobilePhone: [
    'mobilephone',
    'mobile',
    'phone',
    'mobilenumber',
    'phonenumber',
    'cell',
    'cellphone',
    'telephone',
  ],
  status: ['status', 'state'],
};

const simplified = (name: string) => name.toLowerCase().replace(/[\s._-]+/g, '');

/** The mapping a header suggests: each target from the first column named as it is, each column used once. */
export function guessMapping(header: readonly string[]): CsvMapping {
  const mapping: CsvMapping = {};
  const taken = new Set<number>();
  for (const target of CSV_TARGETS) {
    const index = header.findIndex(
      (name, at) => !taken.has(at) && HEADER_NAMES[target].includes(simplified(name)),
    );
    if (index < 0) continue;
    mapping[target] = index;
    taken.add(index);
  }
  // A display name and first and last names: the display name is the one imported.
  if (mapping.displayName !== undefined) {
    delete mapping.firstName;
    delete mapping.lastName;
  }
  return mapping;
}

/** What keeps a mapping from being used: its kind (the portal's words) and, in English, the server's. */
export interface MappingProblem {
  kind: 'username' | 'outside' | 'twice' | 'names';
  detail: string;
}

/**
 * Why a mapping cannot be used with a header of `columns` columns, or undefined: the username mapped, every
 * column a place in the file, no column used twice, and a display name or first and last names, not both.
 */
export function mappingProblem(mapping: CsvMapping, columns: number): MappingProblem | undefined {
  if (mapping.username === undefined)
    return { kind: 'username', detail: 'no column is mapped to the username.' };
  const places = Object.values(mapping);
  const outside = places.find((place) => !Number.isInteger(place) || place < 0 || place >= columns);
  if (outside !== undefined) return { kind: 'outside', detail: `the file has no column ${outside + 1}.` };
  if (new Set(places).size !== places.length) return { kind: 'twice', detail: 'a column is mapped twice.' };
  if (
    mapping.displayName !== undefined &&
    (mapping.firstName !== undefined || mapping.lastName !== undefined)
  )
    return { kind: 'names', detail: 'map a display name, or a first and a last name, not both.' };
  return undefined;
}

/** A row's values as a user's fields, by the mapping: the first and last names joined as the display name. */
export function mappedValues(mapping: CsvMapping, values: readonly string[]) {
  const value = (target: CsvTarget) => {
    const place = mapping[target];
    return place === undefined ? undefined : (values[place] ?? '').trim();
  };
  const first = value('firstName');
  const last = value('lastName');
  const joined =
    first === undefined && last === undefined ? undefined : [first, last].filter(Boolean).join(' ');
  return {
    username: value('username') ?? '',
    email: value('email'),
    displayName: value('displayName') ?? joined,
    mobilePhone: value('mobilePhone'),
    status: value('status'),
  };
}

/** Cells a spreadsheet would read as a formula (OWASP's CSV injection): written with a leading apostrophe. */
export const CSV_FORMULA = /^[=+\-@\t\r]/;

/** Rows as CSV lines (RFC 4180, CRLF, each ending with one), formula cells escaped. */
export const csvLines = (rows: unknown[][]) =>
  `${Papa.unparse(rows, { newline: '\r\n', escapeFormulae: CSV_FORMULA })}\r\n`;
