import { List, ListItemButton, ListItemText, ListSubheader, TextField } from '@mui/material';
import type { ChangeEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { getProductName } from '../../config';
import { DOC_LINKS, type DocLink } from '../../layout/public/docLinks';

interface DocsNavProps {
  /** The page shown, highlighted in the navigation; none on the not-found page. */
  current?: DocLink;
}

/** md and up: every documentation page, grouped like DOC_LINKS, the current one highlighted. */
export const DocsNavList = ({ current }: DocsNavProps) => {
  const translate = useTranslate();
  const productName = getProductName();
  return (
    <>
      {DOC_LINKS.map((entry) => {
        const headingId = `docs-nav-${entry.group}`;
        return (
          <List
            key={entry.group}
            dense
            aria-labelledby={headingId}
            subheader={
              <ListSubheader id={headingId} disableSticky sx={{ bgcolor: 'transparent', lineHeight: 2.5 }}>
                {translate(entry.labelKey)}
              </ListSubheader>
            }
          >
            {entry.links.map((item) => {
              const selected = item.path === current?.path;
              return (
                <li key={item.path}>
                  <ListItemButton
                    component={RouterLink}
                    to={item.path}
                    selected={selected}
                    aria-current={selected ? 'page' : undefined}
                    sx={{ borderRadius: 1, mx: 1 }}
                  >
                    <ListItemText primary={translate(item.labelKey, { productName })} />
                  </ListItemButton>
                </li>
              );
            })}
          </List>
        );
      })}
    </>
  );
};

/** Below md: the same pages in a select; choosing one opens it. */
export const DocsNavSelect = ({ current }: DocsNavProps) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const productName = getProductName();
  const onChange = (event: ChangeEvent<HTMLSelectElement | HTMLInputElement | HTMLTextAreaElement>) => {
    if (event.target.value) navigate(event.target.value);
  };
  return (
    <TextField
      select
      fullWidth
      size="small"
      id="docs-nav-select"
      label={translate('docs.frame.jumpTo')}
      value={current?.path ?? ''}
      onChange={onChange}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {current ? null : <option value="" disabled />}
      {DOC_LINKS.map((entry) => (
        <optgroup key={entry.group} label={translate(entry.labelKey)}>
          {entry.links.map((item) => (
            <option key={item.path} value={item.path}>
              {translate(item.labelKey, { productName })}
            </option>
          ))}
        </optgroup>
      ))}
    </TextField>
  );
};
