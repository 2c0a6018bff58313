import CheckIcon from '@mui/icons-material/Check';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import TranslateIcon from '@mui/icons-material/Translate';
import { Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { i18n, isLocale, LOCALES, type Locale } from '../../contract/translations';
import { API_URL } from '../config';
import { createHttpClient } from '../dataProviders/transport';
import { isLive, sessionStore } from '../session';
import { LOCALE_NAMES } from './index';

const http = createHttpClient(API_URL, { getSession: () => sessionStore.get() });

/**
 * The language chosen: react-admin's store keeps it for this browser (and draws the portal in it at once);
 * a signed-in person's account keeps it too, so that the next sign-in, in any browser, speaks it.
 */
export const useChooseLocale = () => {
  const [locale, setLocale] = useLocaleState();
  const choose = (next: Locale) => {
    setLocale(next);
    if (isLive(sessionStore.get())) {
      http(i18n.calls.setLocale.path, { method: 'PUT', body: JSON.stringify({ locale: next }) }).catch(
        // The browser keeps the choice; the account will be told at the next choice.
        () => undefined,
      );
    }
  };
  return [isLocale(locale) ? locale : 'en', choose] as const;
};

/** The languages, each named in itself, the current one checked: the user menu's and the switcher's. */
export const LocaleMenuItems = ({ onChosen }: { onChosen?: () => void }) => {
  const [locale, choose] = useChooseLocale();
  return LOCALES.map((each) => (
    <MenuItem
      key={each}
      lang={each}
      selected={each === locale}
      onClick={() => {
        choose(each);
        onChosen?.();
      }}
    >
      <ListItemIcon>{each === locale ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
      <ListItemText>{LOCALE_NAMES[each]}</ListItemText>
    </MenuItem>
  ));
};

/** The public top bar's language button: the current language, and the others in a menu. */
export const LocaleSwitcher = () => {
  const translate = useTranslate();
  const [locale] = useChooseLocale();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-label={translate('portal.locale.choose', { language: LOCALE_NAMES[locale] })}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none', minWidth: 0 }}
      >
        <span lang={locale}>{locale.toUpperCase()}</span>
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <LocaleMenuItems onChosen={() => setAnchor(null)} />
      </Menu>
    </>
  );
};
