/**
 * The slug helper of docs/requirements/portal-validation.md (the contract's): strips accents, lower-cases, turns spaces into hyphens and
 * removes other symbols. Used to suggest a template's URL name (uname) from its name.
 */
export { slugify } from '../../../contract/rules';
