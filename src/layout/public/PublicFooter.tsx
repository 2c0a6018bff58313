import { Box, Link, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { getProductName, getSocialLinks } from '../../config';
import { PageLink } from '../../kit/pageNav';
import { PAGE_PATH } from '../paths';
import { docLinksOf } from './docLinks';

/** The public footer (docs/requirements/portal-routes-and-menus.md): terms of use, privacy policy, contact and the provider's social links. */
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
        <Stack
          direction="row"
          component="nav"
          aria-label={translate('portal.footer.label')}
          // A phone's width wraps the links rather than pushing them off the page.
          useFlexGap
          sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}
        >
          {docLinksOf('legal').map((link) => (
            <Link key={link.path} component={PageLink} to={link.path} color="inherit" variant="body2">
              {translate(link.labelKey, { productName: product })}
            </Link>
          ))}
          <Link component={PageLink} to={PAGE_PATH.contactUs} color="inherit" variant="body2">
            {translate('portal.selfService.footerLink')}
          </Link>
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
