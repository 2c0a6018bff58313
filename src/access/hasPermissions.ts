/**
 * The permission check over the flat `resource:action` list the server answers
 * (`GET /account/permission?flattern=1`): a pure function, light enough for the sign-in page's code.
 */

export type PermissionMode = 'or' | 'and';

/** True when the granted list holds any (mode 'or', the default) or all (mode 'and') of the keys. */
export const hasPermissions = (
  granted: readonly string[],
  required: string | readonly string[],
  mode: PermissionMode = 'or',
): boolean => {
  const keys = typeof required === 'string' ? [required] : required;
  if (keys.length === 0) return false;
  const set = new Set(granted);
  return mode === 'and' ? keys.every((key) => set.has(key)) : keys.some((key) => set.has(key));
};
