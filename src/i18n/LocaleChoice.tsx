import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import TranslateIcon from '@mui/icons-material/Translate';
import { Button } from '@mui/material';
import { Suspense, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { isLocale, type Locale } from '../../contract/locales';
import { preloadable } from '../kit/preloadable';
import { isLive, sessionStore } from '../session';
import { LOCALE_NAMES } from './catalogue';

/**
 * The language chosen: react-admin's store keeps it for this browser (and draws the portal in it at once);
 * a signed-in person's account keeps it too, so that the next sign-in, in any browser, speaks it.
 */
export const useChooseLocale = () => {
  const [locale, setLocale] = useLocaleState();
  const choose = (next: Locale) => {
    setLocale(next);
    if (isLive(sessionStore.get())) {
      import('./accountLocale')
        .then(({ saveAccountLocale }) => saveAccountLocale(next))
        // The browser keeps the choice; the account will be told at the next choice.
        .catch(() => undefined);
    }
  };
  return [isLocale(locale) ? locale : 'en', choose] as const;
};

// The menu loads when the button is first pointed at, focused or pressed (the sign-in page draws without it).
const LocaleMenu = preloadable(() => import('./LocaleMenu').then((module) => module.LocaleMenu));
const preloadMenu = () => void LocaleMenu.preload().catch(() => undefined);

/** The public top bar's language button: the current language, and the others in a menu. */
export const LocaleSwitcher = () => {
  const translate = useTranslate();
  const [locale] = useChooseLocale();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-label={translate('portal.locale.choose', { language: LOCALE_NAMES[locale] })}
        onPointerEnter={preloadMenu}
        onFocus={preloadMenu}
        onClick={(event) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
        sx={{ textTransform: 'none', minWidth: 0 }}
      >
        <span lang={locale}>{locale.toUpperCase()}</span>
      </Button>
      {/* Once opened, the menu stays drawn (closed), so that it can animate as it closes. */}
      {used && (
        <Suspense fallback={null}>
          <LocaleMenu anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
};
