import { Box, Link, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { getProductName, getSocialLinks } from '../../config';
import { docLinksOf } from './docLinks';

/** The public footer (docs/requirements/portal-routes-and-menus.md): terms of use, privacy policy and the provider's social links. */
export const PublicFooter = () => {
  const translate = useTranslate();
  const product = getProductName();
  const social = getSocialLinks();
  return (
    <Box component="footer" sx={{ bgcolor: '#0d2a57', color: '#fff', py: 3, px: 2 }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ maxWidth: 1200, mx: 'auto', alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="body2">
          {translate('portal.footer.copyright', { year: new Date().getFullYear(), productName: product })}
        </Typography>
        <Stack direction="row" spacing={3} component="nav" aria-label={translate('portal.footer.label')}>
          {docLinksOf('legal').map((link) => (
            <Link key={link.path} component={RouterLink} to={link.path} color="inherit" variant="body2">
              {translate(link.labelKey, { productName: product })}
            </Link>
          ))}
          {social.map(({ name, url }) => (
            <Link
              key={url}
              href={url}
              color="inherit"
              variant="body2"
              target="_blank"
              rel="noopener noreferrer"
            >
              {name}
            </Link>
          ))}
        </Stack>
      </Stack>
    </Box>
  );
};
