import { deepmerge } from '@mui/utils';
import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

/**
 * Two themes (spec 01 §1): 'portal' under /my-account/, 'light' everywhere else.
 * Colours are chosen for WCAG AA contrast with white text and on the page background.
 */
export const lightTheme: RaThemeOptions = deepmerge(defaultLightTheme, {
  palette: {
    primary: { main: '#0d47a1' },
    secondary: { main: '#00695c' },
    background: { default: '#f4f6f9' },
  },
  shape: { borderRadius: 8 },
  components: {
    RaAppBar: { styleOverrides: { root: { '& .RaAppBar-toolbar': { backgroundColor: '#0d2a57' } } } },
  },
});

export const portalTheme: RaThemeOptions = deepmerge(lightTheme, {
  palette: {
    primary: { main: '#4a148c' },
    secondary: { main: '#00695c' },
    background: { default: '#f6f3fa' },
  },
  components: {
    RaAppBar: { styleOverrides: { root: { '& .RaAppBar-toolbar': { backgroundColor: '#311b62' } } } },
  },
});

export const themeForPath = (pathname: string): RaThemeOptions =>
  pathname.startsWith('/my-account/') ? portalTheme : lightTheme;
