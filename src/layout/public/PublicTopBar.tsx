import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MenuIcon from '@mui/icons-material/Menu';
import ShieldIcon from '@mui/icons-material/Shield';
import {
  AppBar,
  Box,
  Button,
  Collapse,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  Toolbar,
  Typography,
  useMediaQuery,
  useScrollTrigger,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { MY_ACCOUNT_PATH } from '../../authProvider';
import { getProductName, getSupportUrl } from '../../config';
import { docLinksOf } from '../../pages/docs/links';
import { isLive, useSession } from '../../session';
import { useSignOut } from './useSignOut';

/** Routes whose header is transparent until the page scrolls more than 1 px (spec 01 §2, §9). */
export const TRANSPARENT_HEADER_PATHS = ['/', '/home', '/login', '/signup'];

interface NavLink {
  label: string;
  to?: string;
  href?: string;
}

interface NavMenu {
  id: string;
  label: string;
  links: NavLink[];
}

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

/**
 * The public top bar (spec 01 §2): logo, Overview, Solutions, Guidelines, FAQ/Ticket; Sign In and Sign Up
 * when signed out, the user menu when signed in. Below the md breakpoint the menu folds into a left drawer.
 */
export const PublicTopBar = () => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const session = useSession();
  const signedIn = isLive(session) && !!session.user;
  const scrolled = useScrollTrigger({ disableHysteresis: true, threshold: 1 });
  const transparent = TRANSPARENT_HEADER_PATHS.includes(pathname) && !scrolled;
  const desktop = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const { overview, menus } = useNavigation();
  const [open, setOpen] = useState<{ id: string; anchor: HTMLElement } | null>(null);
  const [drawer, setDrawer] = useState(false);
  const product = getProductName();
  const t = (key: string) => translate(key, { productName: product });

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
      <Toolbar component="nav" aria-label={t('portal.publicNav.label')} sx={{ gap: 1 }}>
        {!desktop && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label={t('portal.publicNav.openMenu')}
            onClick={() => setDrawer(true)}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Button
          component={RouterLink}
          to={signedIn ? '/report' : '/login'}
          color="inherit"
          startIcon={<ShieldIcon />}
          sx={{ textTransform: 'none', mr: 2 }}
        >
          <Typography variant="h6" component="span">
            {product}
          </Typography>
        </Button>
        {desktop && (
          <>
            <Button color="inherit" component={RouterLink} to={overview}>
              {t('portal.publicNav.overview')}
            </Button>
            {menus.map((menu) => (
              <Box key={menu.id}>
                <Button
                  color="inherit"
                  endIcon={<ExpandMoreIcon />}
                  aria-haspopup="menu"
                  aria-expanded={open?.id === menu.id}
                  onClick={(event) => setOpen({ id: menu.id, anchor: event.currentTarget })}
                >
                  {t(menu.label)}
                </Button>
                <Menu
                  anchorEl={open?.id === menu.id ? open.anchor : null}
                  open={open?.id === menu.id}
                  onClose={() => setOpen(null)}
                >
                  {menu.links.map((link) => (
                    <NavMenuItem
                      key={link.label}
                      link={link}
                      onClick={() => setOpen(null)}
                      label={t(link.label)}
                    />
                  ))}
                </Menu>
              </Box>
            ))}
          </>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {signedIn ? (
          <UserMenu
            username={session.user?.username ?? ''}
            open={open?.id === 'user' ? open.anchor : null}
            onOpen={(anchor) => setOpen({ id: 'user', anchor })}
            onClose={() => setOpen(null)}
          />
        ) : (
          <>
            <Button color="inherit" component={RouterLink} to="/login">
              {t('portal.publicNav.signIn')}
            </Button>
            <Button variant="contained" color="secondary" component={RouterLink} to="/signup">
              {t('portal.publicNav.signUp')}
            </Button>
          </>
        )}
      </Toolbar>
      <Drawer anchor="left" open={drawer && !desktop} onClose={() => setDrawer(false)}>
        <Box sx={{ width: 280 }} role="presentation">
          <List aria-label={t('portal.publicNav.label')}>
            <ListItemButton component={RouterLink} to={overview} onClick={() => setDrawer(false)}>
              <ListItemText primary={t('portal.publicNav.overview')} />
            </ListItemButton>
            <DrawerGroup label={t('portal.publicNav.solutions')}>
              {menus[0].links.map((link) => (
                <DrawerLink
                  key={link.label}
                  link={link}
                  label={t(link.label)}
                  onClick={() => setDrawer(false)}
                />
              ))}
            </DrawerGroup>
            <DrawerGroup label={t('portal.publicNav.setupGuides')}>
              {menus[1].links.map((link) => (
                <DrawerLink
                  key={link.label}
                  link={link}
                  label={t(link.label)}
                  onClick={() => setDrawer(false)}
                />
              ))}
            </DrawerGroup>
            <DrawerGroup label={t('portal.publicNav.support')}>
              {menus[2].links.map((link) => (
                <DrawerLink
                  key={link.label}
                  link={link}
                  label={t(link.label)}
                  onClick={() => setDrawer(false)}
                />
              ))}
            </DrawerGroup>
          </List>
        </Box>
      </Drawer>
    </AppBar>
  );
};

const NavMenuItem = ({ link, label, onClick }: { link: NavLink; label: string; onClick: () => void }) =>
  link.href ? (
    <MenuItem component="a" href={link.href} target="_blank" rel="noopener noreferrer" onClick={onClick}>
      {label}
    </MenuItem>
  ) : (
    <MenuItem component={RouterLink} to={link.to ?? '/'} onClick={onClick}>
      {label}
    </MenuItem>
  );

const DrawerGroup = ({ label, children }: { label: string; children: ReactNode }) => {
  const [expanded, setExpanded] = useState(false);
  return (
    <>
      <ListItemButton onClick={() => setExpanded(!expanded)} aria-expanded={expanded}>
        <ListItemText primary={label} />
        <ExpandMoreIcon sx={{ transform: expanded ? 'rotate(180deg)' : undefined }} />
      </ListItemButton>
      <Collapse in={expanded} unmountOnExit>
        <List
          disablePadding
          subheader={<ListSubheader sx={{ display: 'none' }}>{label}</ListSubheader>}
          sx={{ pl: 2 }}
        >
          {children}
        </List>
      </Collapse>
    </>
  );
};

const DrawerLink = ({ link, label, onClick }: { link: NavLink; label: string; onClick: () => void }) =>
  link.href ? (
    <ListItemButton
      component="a"
      href={link.href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onClick}
    >
      <ListItemText primary={label} />
    </ListItemButton>
  ) : (
    <ListItemButton component={RouterLink} to={link.to ?? '/'} onClick={onClick}>
      <ListItemText primary={label} />
    </ListItemButton>
  );

const UserMenu = ({
  username,
  open,
  onOpen,
  onClose,
}: {
  username: string;
  open: HTMLElement | null;
  onOpen: (anchor: HTMLElement) => void;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const signOut = useSignOut();
  return (
    <>
      <Button
        color="inherit"
        startIcon={<AccountCircleIcon />}
        aria-haspopup="menu"
        aria-expanded={!!open}
        onClick={(event) => onOpen(event.currentTarget)}
        sx={{ textTransform: 'none' }}
      >
        {username}
      </Button>
      <Menu anchorEl={open} open={!!open} onClose={onClose}>
        <MenuItem component={RouterLink} to="/report" onClick={onClose}>
          {translate('portal.menu.dashboard')}
        </MenuItem>
        <MenuItem component={RouterLink} to={MY_ACCOUNT_PATH} onClick={onClose}>
          {translate('portal.menu.myAccount')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            onClose();
            void signOut();
          }}
        >
          {translate('portal.menu.signOut')}
        </MenuItem>
      </Menu>
    </>
  );
};
