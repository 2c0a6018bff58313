import { Alert, Box, Button, Link, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { QrCode } from '../../components/QrCode';
import { docLinksOf } from '../../layout/public/docLinks';
import { PublicCardPage } from '../../layout/public/PublicCardPage';
import { onboardingOf } from './onboardingLink';

/** The mobile app's guide (src/layout/public/docLinks.ts), where the app's store links are. */
const MOBILE_APP_GUIDE = '/docs/help/mobile-app';

const STEPS = ['screenshot', 'openApp', 'scan', 'loadImage'] as const;

/**
 * /onboarding (docs/requirements/portal-routes-and-menus.md): activating the V-Key app on the phone that
 * shows this page, which cannot scan its own screen: take a screenshot of the QR code, open the app, choose
 * to scan, and load the screenshot. The QR code is the activation link the address names (`?link=` or
 * `?code=`, as the activation email's link gives them); without one, the page says where the code comes from.
 */
export const OnboardingPage = () => {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const onboarding = useMemo(() => onboardingOf(params, window.location.origin), [params]);
  const guide = docLinksOf('guidelines').find((link) => link.id === 'mobileApp')?.path ?? MOBILE_APP_GUIDE;
  const codeLabel = translate('portal.selfService.onboarding.qrLabel');

  return (
    <PublicCardPage
      title="portal.selfService.onboarding.title"
      subtitle={translate('portal.selfService.onboarding.intro')}
      maxWidth={640}
    >
      <Stack spacing={2}>
        {onboarding ? (
          <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
            <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, lineHeight: 0 }}>
              <QrCode value={onboarding.link} label={codeLabel} />
            </Box>
            {onboarding.code && (
              <Typography variant="body2">
                {translate('portal.selfService.onboarding.code')}{' '}
                <Box component="code" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
                  {onboarding.code}
                </Box>
              </Typography>
            )}
          </Stack>
        ) : (
          <Alert severity="info">{translate('portal.selfService.onboarding.noCode')}</Alert>
        )}
        <Box>
          <Typography variant="h6" component="h2">
            {translate('portal.selfService.onboarding.stepsTitle')}
          </Typography>
          <List component="ol" dense sx={{ listStyle: 'decimal', pl: 3 }}>
            {STEPS.map((step) => (
              <ListItem key={step} sx={{ display: 'list-item', pl: 0.5 }}>
                <ListItemText primary={translate(`portal.selfService.onboarding.steps.${step}`)} />
              </ListItem>
            ))}
          </List>
          <Typography variant="body2" color="text.secondary">
            {translate('portal.selfService.onboarding.otherDevice')}
          </Typography>
        </Box>
        {onboarding && (
          <Box>
            <Button variant="contained" href={onboarding.link}>
              {translate('portal.selfService.onboarding.openApp')}
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate('portal.selfService.onboarding.openAppNote')}
            </Typography>
          </Box>
        )}
        <Stack spacing={0.5}>
          <Link component={RouterLink} to={guide} variant="body2">
            {translate('portal.login.qr.download')}
          </Link>
          <Link component={RouterLink} to={guide} variant="body2">
            {translate('portal.selfService.onboarding.guide')}
          </Link>
        </Stack>
      </Stack>
    </PublicCardPage>
  );
};
