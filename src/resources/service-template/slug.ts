/**
 * The slug helper of spec 01 §5: strips accents, lower-cases, turns spaces into hyphens and removes other
 * symbols. Used to suggest a template's URL name (uname) from its name. Runs of spaces or hyphens become one
 * hyphen and the result is trimmed of hyphens, so that it is always a valid uname (or empty).
 */
export const slugify = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .trim()
    .replace(/[\s-]+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
