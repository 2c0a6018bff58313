import { deepmerge } from '@mui/utils';
import { defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { NativeCheckboxInput } from './components/NativeCheckboxInput';

/**
 * Two themes (docs/requirements/who-uses-it.md): 'portal' under /my-account/, 'light' everywhere else.
 * Colours are chosen for WCAG AA contrast with white text and on the page background.
 */
export const lightTheme: RaThemeOptions = deepmerge(defaultLightTheme, {
  palette: {
    primary: { main: '#0d47a1' },
    secondary: { main: '#00695c' },
    background: { default: '#f4f6f9' },
    // Darker than MUI's: error texts stay readable on a filled input's grey (5.5:1), and warning
    // notifications' white text on their background (5.1:1).
    error: { main: '#b71c1c' },
    warning: { main: '#a84300' },
  },
  shape: { borderRadius: 8 },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // A field scrolled to (the first invalid one on save) is not hidden under the fixed app bar.
        html: { scrollPaddingTop: 80 },
      },
    },
    RaMenuItemLink: {
      styleOverrides: {
        root: {
          // Long names ('Cloud Authentication Servers') wrap rather than end in an ellipsis.
          whiteSpace: 'normal',
          '& .MuiTypography-noWrap': { whiteSpace: 'normal' },
          // The page shown stands out from the others by more than a shade of grey.
          '&.RaMenuItemLink-active': { fontWeight: 600, backgroundColor: 'rgba(13, 71, 161, 0.08)' },
        },
      },
    },
    RaList: {
      styleOverrides: {
        root: {
          // A page that could not be loaded has no rows to count (components/ListError.tsx).
          '& .RaList-main:has(.ListError-root) .MuiTablePagination-root': { display: 'none' },
          // On a phone the Create button floats over the page: the actions bar it leaves empty takes no
          // room (it still fits the buttons that stay in it).
          '@media (max-width: 599.95px)': { '& .RaList-actions .MuiToolbar-root': { minHeight: 0 } },
        },
      },
    },
    RaSimpleList: {
      styleOverrides: {
        root: {
          // A row's third text (a status, a scope) at the end of its first line, apart from the name.
          '& .MuiListItemText-primary > div': {
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            columnGap: 8,
            // A long code or email breaks rather than widening the row.
            overflowWrap: 'anywhere',
          },
        },
      },
    },
    RaSimpleShowLayout: {
      // A long word (a pasted token, a URL) breaks rather than widening the page.
      styleOverrides: { root: { overflowWrap: 'anywhere' } },
    },
    MuiCheckbox: {
      defaultProps: {
        // 'Partly ticked' through the native property, not a forbidden aria-checked (see the component).
        slots: { input: NativeCheckboxInput },
        // react-admin's row checkbox names its wrapper (an aria-label a span may not carry) and leaves the
        // input unnamed: the name goes to the input, where assistive technology looks for it.
        slotProps: {
          input: (ownerState: { 'aria-label'?: string; inputProps?: object }) =>
            ownerState['aria-label']
              ? { 'aria-label': ownerState['aria-label'] }
              : (ownerState.inputProps ?? {}),
          root: (ownerState: { 'aria-label'?: string }) =>
            ownerState['aria-label'] ? { 'aria-label': undefined } : {},
        },
      },
    },
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
