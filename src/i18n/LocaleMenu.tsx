import CheckIcon from '@mui/icons-material/Check';
import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { LOCALES } from '../../contract/locales';
import { LOCALE_NAMES } from './catalogue';
import { useChooseLocale } from './LocaleChoice';

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

/** The switcher's menu of languages, under its button. */
export const LocaleMenu = ({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) => (
  <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
    <LocaleMenuItems onChosen={onClose} />
  </Menu>
);
