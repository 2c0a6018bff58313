import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { PublicCardPage } from '../../layout/public/PublicCardPage';
import { isVkeyLink } from '../onboarding/onboardingLink';

/** What the page opens when the address names no link of the app: it asks the app for nothing. */
export const TEST_LINK = 'vkey://onboarding/test';

/**
 * /scheme (docs/requirements/portal-routes-and-menus.md): a test page that fires the V-Key app's custom
 * scheme, to check that this device opens the app from a link: `?link=` a vkey:// link, else a harmless one.
 */
export const SchemePage = () => {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const asked = params.get('link')?.trim();
  const link = asked && isVkeyLink(asked) ? asked : TEST_LINK;
  return (
    <PublicCardPage
      title="portal.selfService.scheme.title"
      subtitle={translate('portal.selfService.scheme.intro')}
    >
      <Stack spacing={2}>
        <Button variant="contained" size="large" href={link}>
          {translate('portal.selfService.scheme.open')}
        </Button>
        <Typography variant="body2">
          {translate('portal.selfService.scheme.link')}{' '}
          <Box component="code" sx={{ wordBreak: 'break-all' }}>
            {link}
          </Box>
        </Typography>
        {asked && link !== asked && (
          <Alert severity="warning">{translate('portal.selfService.scheme.notAppLink')}</Alert>
        )}
        <Alert severity="success" icon={false}>
          {translate('portal.selfService.scheme.installed')}
        </Alert>
        <Alert severity="info" icon={false}>
          {translate('portal.selfService.scheme.notInstalled')}
        </Alert>
      </Stack>
    </PublicCardPage>
  );
};
