/** Themes and their editor (spec 01 §2 Theme editor; spec 02 §3 Theme, §4; contract/theme.ts). */
export const theme = {
  name: 'Theme |||| Themes',
};
