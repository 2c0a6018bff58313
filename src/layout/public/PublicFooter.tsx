import { Box, Link, Stack, Typography } from '@mui/material';
import { useSyncExternalStore } from 'react';
import { useTranslate } from 'react-admin';
import { getProductName, getSocialLinks } from '../../config';
import { PageLink } from '../../kit/pageNav';
import { PAGE_PATH } from '../paths';
import { docLinksOf } from './docLinks';

/** The year of the build (vite.config.ts defines it); none where Vite does not build (the tests). */
declare const __BUILD_YEAR__: number | undefined;
const BUILD_YEAR = typeof __BUILD_YEAR__ === 'number' ? __BUILD_YEAR__ : new Date().getFullYear();
const unchanging = () => () => undefined;

/**
 * This year. The sign-in page drawn at build time shows the build's (src/signIn/prerender.tsx), and its code
 * takes it over with that one before it draws this one: a page built last year is taken over, not redrawn.
 */
const useYear = () =>
  useSyncExternalStore(
    unchanging,
    () => new Date().getFullYear(),
    () => BUILD_YEAR,
  );

/** The public footer (docs/requirements/portal-routes-and-menus.md): terms of use, privacy policy, contact and the provider's social links. */
export const PublicFooter = () => {
  const translate = useTranslate();
  const product = getProductName();
  const social = getSocialLinks();
  const year = useYear();
  return (
    <Box component="footer" sx={{ bgcolor: '#0d2a57', color: '#fff', py: 3, px: 2 }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ maxWidth: 1200, mx: 'auto', alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="body2">
          {translate('portal.footer.copyright', { year, productName: product })}
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
