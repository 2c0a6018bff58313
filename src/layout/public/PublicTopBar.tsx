import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MenuIcon from '@mui/icons-material/Menu';
import ShieldIcon from '@mui/icons-material/Shield';
import {
  AppBar,
  Box,
  Button,
  IconButton,
  Toolbar,
  Typography,
  useMediaQuery,
  useScrollTrigger,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { Suspense, useState } from 'react';
import { useTranslate } from 'react-admin';
import { getProductName, getSupportUrl } from '../../config';
import { LocaleSwitcher } from '../../i18n/LocaleChoice';
import { PageLink, usePageLocation } from '../../kit/pageNav';
import { preloadable } from '../../kit/preloadable';
import { isLive, useSession } from '../../session';
import { docLinksOf } from './docLinks';
import type { NavMenu } from './PublicNavPanels';

/** The logo and product name, the one part of the bar that shrinks (to an ellipsis). */
const BRAND_CLASS = 'PublicTopBar-brand';

/**
 * Which of the bar's buttons a width shows, by the stylesheet's media queries rather than in the script, so
 * that the sign-in page drawn ahead of its code (src/signIn/prerender.tsx) is drawn for every width: below
 * md the menu folds into the drawer; on a phone (below sm) Sign In and Sign Up go there too, and the user
 * menu opens from an icon.
 */
const UNTIL_DESKTOP = { display: { md: 'none' } } as const;
const ON_DESKTOP = { display: { xs: 'none', md: 'inline-flex' } } as const;
const ON_PHONE = { display: { sm: 'none' } } as const;
const BEYOND_PHONE = { display: { xs: 'none', sm: 'inline-flex' } } as const;

/** Routes whose header is transparent until the page scrolls more than 1 px (docs/requirements/portal-routes-and-menus.md, docs/requirements/constants-and-limits.md). */
export const TRANSPARENT_HEADER_PATHS = ['/', '/home', '/login', '/signup'];

const useNavigation = () => {
  const supportUrl = getSupportUrl();
  const guides = (group: 'solutions' | 'guidelines') =>
    docLinksOf(group).map((link) => ({ label: link.labelKey, to: link.path }));
  const [overview] = docLinksOf('overview');
  const [faq] = docLinksOf('faq');
  const menus: NavMenu[] = [
    { id: 'solutions', label: 'portal.publicNav.solutions', links: guides('solutions') },
    { id: 'guidelines', label: 'portal.publicNav.guidelines', links: guides('guidelines') },
    {
      id: 'support',
      label: 'portal.publicNav.faqTicket',
      links: [
        { label: 'portal.publicNav.faq', to: faq.path },
        ...(supportUrl ? [{ label: 'portal.publicNav.ticket', href: supportUrl }] : []),
      ],
    },
  ];
  return { overview: overview.path, menus };
};

// The dropdown menus, the user menu and the drawer load when one of them is first pointed at or opened.
const loadPanels = () => import('./PublicNavPanels');
const NavMenuPanel = preloadable(() => loadPanels().then((module) => module.NavMenuPanel));
const UserMenuPanel = preloadable(() => loadPanels().then((module) => module.UserMenuPanel));
const NavDrawer = preloadable(() => loadPanels().then((module) => module.NavDrawer));
const preloadPanels = () => {
  for (const panel of [NavMenuPanel, UserMenuPanel, NavDrawer]) panel.preload().catch(() => undefined);
};

/**
 * The public top bar (docs/requirements/portal-routes-and-menus.md): logo, Overview, Solutions, Guidelines, FAQ/Ticket; Sign In and Sign Up
 * when signed out, the user menu when signed in. Below the md breakpoint the menu folds into a left drawer.
 * Opening one dropdown closes the others.
 */
export const PublicTopBar = () => {
  const translate = useTranslate();
  const { pathname } = usePageLocation();
  const session = useSession();
  const signedIn = isLive(session) && !!session.user;
  const scrolled = useScrollTrigger({ disableHysteresis: true, threshold: 1 });
  const transparent = TRANSPARENT_HEADER_PATHS.includes(pathname) && !scrolled;
  // What the bar's panels need of the width (the bar itself: UNTIL_DESKTOP and the others). On a phone the
  // bar keeps one line: the product name shrinks, Sign In and Sign Up go to the drawer.
  const desktop = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { overview, menus } = useNavigation();
  const [open, setOpen] = useState<{ id: string; anchor: HTMLElement } | null>(null);
  const [drawer, setDrawer] = useState(false);
  // Once a panel has been opened, the panels stay drawn (closed), so that they can animate as they close.
  const [panelsUsed, setPanelsUsed] = useState(false);
  const product = getProductName();
  const t = (key: string) => translate(key, { productName: product });
  const openPanel = (id: string, anchor: HTMLElement) => {
    setPanelsUsed(true);
    setOpen({ id, anchor });
  };
  const close = () => setOpen(null);
  const trigger = { onPointerEnter: preloadPanels, onFocus: preloadPanels };

  return (
    <AppBar
      position="fixed"
      elevation={transparent ? 0 : 4}
      data-transparent={transparent}
      sx={{
        bgcolor: transparent ? 'transparent' : '#0d2a57',
        transition: 'background-color 200ms, box-shadow 200ms',
      }}
    >
      <Toolbar
        component="nav"
        aria-label={t('portal.publicNav.label')}
        sx={{
          gap: 1,
          // One line at any width: the buttons keep their size, only the product name gives way.
          '& > *': { flexShrink: 0, whiteSpace: 'nowrap' },
          [`& > .${BRAND_CLASS}`]: { flexShrink: 1, minWidth: 0 },
        }}
      >
        <IconButton
          color="inherit"
          edge="start"
          aria-label={t('portal.publicNav.openMenu')}
          {...trigger}
          onClick={() => {
            setPanelsUsed(true);
            setDrawer(true);
          }}
          sx={UNTIL_DESKTOP}
        >
          <MenuIcon />
        </IconButton>
        <Button
          component={PageLink}
          to={signedIn ? '/report' : '/login'}
          color="inherit"
          startIcon={<ShieldIcon />}
          className={BRAND_CLASS}
          sx={{ textTransform: 'none', mr: { xs: 0, sm: 2 } }}
        >
          <Typography
            variant="h6"
            component="span"
            noWrap
            sx={{ fontSize: { xs: '1.125rem', sm: undefined } }}
          >
            {product}
          </Typography>
        </Button>
        <Button color="inherit" component={PageLink} to={overview} sx={ON_DESKTOP}>
          {t('portal.publicNav.overview')}
        </Button>
        {menus.map((menu) => (
          <Button
            key={menu.id}
            color="inherit"
            endIcon={<ExpandMoreIcon />}
            aria-haspopup="menu"
            aria-expanded={open?.id === menu.id}
            {...trigger}
            onClick={(event) => openPanel(menu.id, event.currentTarget)}
            sx={ON_DESKTOP}
          >
            {t(menu.label)}
          </Button>
        ))}
        <Box sx={{ flexGrow: 1 }} />
        <LocaleSwitcher />
        {signedIn ? (
          <>
            <IconButton
              color="inherit"
              edge="end"
              aria-label={session.user?.username ?? ''}
              aria-haspopup="menu"
              aria-expanded={open?.id === 'user'}
              {...trigger}
              onClick={(event) => openPanel('user', event.currentTarget)}
              sx={ON_PHONE}
            >
              <AccountCircleIcon />
            </IconButton>
            <Button
              color="inherit"
              startIcon={<AccountCircleIcon />}
              aria-haspopup="menu"
              aria-expanded={open?.id === 'user'}
              {...trigger}
              onClick={(event) => openPanel('user', event.currentTarget)}
              sx={{ ...BEYOND_PHONE, textTransform: 'none' }}
            >
              {session.user?.username ?? ''}
            </Button>
          </>
        ) : (
          <>
            <Button color="inherit" component={PageLink} to="/login" sx={BEYOND_PHONE}>
              {t('portal.publicNav.signIn')}
            </Button>
            <Button variant="contained" color="secondary" component={PageLink} to="/signup" sx={BEYOND_PHONE}>
              {t('portal.publicNav.signUp')}
            </Button>
          </>
        )}
      </Toolbar>
      {panelsUsed && (
        <Suspense fallback={null}>
          {desktop &&
            menus.map((menu) => (
              <NavMenuPanel
                key={menu.id}
                menu={menu}
                anchor={open?.id === menu.id ? open.anchor : null}
                onClose={close}
                t={t}
              />
            ))}
          {signedIn && <UserMenuPanel anchor={open?.id === 'user' ? open.anchor : null} onClose={close} />}
          <NavDrawer
            open={drawer && !desktop}
            onClose={() => setDrawer(false)}
            overview={overview}
            menus={menus}
            account={!signedIn && phone}
            t={t}
          />
        </Suspense>
      )}
    </AppBar>
  );
};
