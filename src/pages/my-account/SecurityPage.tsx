import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, Title, useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { SecondFactorConfiguration } from '../../../contract/secondFactor';
import { usePageTitle } from '../../components/usePageTitle';
import type { PortalDataProvider } from '../../dataProviders';
import { ActionButton } from '../../kit/ActionButton';
import { formatDate } from '../../kit/dates';
import { errorNotification } from '../../kit/notifyError';
import { SCOPE, useSession } from '../../session';
import { MyAccountTabs } from './MyAccountTabs';

const T = 'portal.security';
const QUERY_KEY = ['account', 'get2faConfiguration'];
/** The guideline that tells how to install and activate the app (src/pages/docs/links.ts). */
const MOBILE_APP_HELP = '/docs/help/mobile-app';

/**
 * What to do while the app is not activated. Most people ask their administrator for an activation code. A
 * customer's administrator who may see the directories and the token packs does it himself. The server
 * cannot tell an email that is in none of the customer's directories from a user who has not activated
 * the app yet (contract/secondFactor.ts: appActivated is whether a device exists), so his steps cover both:
 * add himself to a directory if he is in none, then generate his code and activate the app.
 */
const NotActivated = () => {
  const translate = useTranslate();
  const session = useSession();
  const ownCustomer = session?.originalScope === SCOPE.CUSTOMER && !!session.customerId;
  const { canAccess: maySeeDirectories } = useCanAccess({ resource: 'ldap', action: 'list' });
  const { canAccess: maySeePacks } = useCanAccess({ resource: 'token-pack-v2', action: 'list' });
  const { canAccess: maySeeUsers } = useCanAccess({ resource: 'users', action: 'list' });
  const selfService = ownCustomer && maySeeDirectories === true && maySeePacks === true;
  const S = `${T}.notActivated.selfService`;
  const link = (to: string, label: string) => (
    <Link component={RouterLink} to={to} variant="body2" sx={{ mr: 2 }}>
      {translate(label)}
    </Link>
  );
  return (
    <Alert severity="info">
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {translate(`${T}.notActivated.title`)}
      </Typography>
      {selfService ? (
        <>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {translate(`${S}.intro`)}
          </Typography>
          <Box component="ol" sx={{ pl: 2.5, my: 1, '& li + li': { mt: 1 } }}>
            <Typography component="li" variant="body2">
              {translate(`${S}.addUser`, { email: session?.user?.email ?? '' })}{' '}
              <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                {link('/ldap', `${S}.directories`)}
                {maySeeUsers === true && link('/users', `${S}.users`)}
              </Box>
            </Typography>
            <Typography component="li" variant="body2">
              {translate(`${S}.generateCode`)}{' '}
              <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                {link('/token-pack-v2', `${S}.tokenPacks`)}
              </Box>
            </Typography>
            <Typography component="li" variant="body2">
              {translate(`${S}.activate`)}
            </Typography>
          </Box>
        </>
      ) : (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate(`${T}.notActivated.nextStep`)}
        </Typography>
      )}
      <Link component={RouterLink} to={MOBILE_APP_HELP} variant="body2">
        {translate(`${T}.notActivated.help`)}
      </Link>
    </Alert>
  );
};

const dateOf = (value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatDate(date);
};

/**
 * /my-account/security (docs/requirements/portal-routes-and-menus.md): whether signing in asks the V-Key app (the account's second factor,
 * contract/secondFactor.ts), and the devices where the account's app is activated. The second factor turns
 * on once the app is activated; turning it off asks first. Under My Account's tabs.
 */
export const SecurityPage = () => {
  const translate = useTranslate();
  usePageTitle(`${T}.title`);
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const accountId = useSession()?.user?.id;

  const configuration = useQuery({
    queryKey: QUERY_KEY,
    queryFn: async () =>
      (await dataProvider.get2faConfiguration<SecondFactorConfiguration>('account', {})).data,
  });

  const configure = useMutation({
    mutationFn: async (enable2fa: boolean) =>
      (
        await dataProvider.configure2fa<SecondFactorConfiguration>('account', {
          accountId,
          data: { enable2fa },
        })
      ).data,
    onSuccess: (answer) => queryClient.setQueryData(QUERY_KEY, answer),
    // The app may have been removed meanwhile (409): the page shows what the server knows now.
    onError: () => void queryClient.invalidateQueries({ queryKey: QUERY_KEY }),
  });
  /** Turns the second factor on or off (off after the confirmation), and says so. */
  const switchTo = (on: boolean) => ({
    on: 'none' as const,
    run: () => configure.mutateAsync(on),
    success: `${T}.secondFactor.${on ? 'turnedOn' : 'turnedOff'}`,
    refresh: false,
  });

  if (configuration.isPending) {
    return (
      <Box sx={{ mt: 1 }}>
        <MyAccountTabs />
        <Loading />
      </Box>
    );
  }
  if (configuration.error) {
    const [message, { messageArgs }] = errorNotification(configuration.error);
    return (
      <Box sx={{ mt: 1 }}>
        <Title title={`${T}.title`} />
        <MyAccountTabs />
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void configuration.refetch()}>
              {translate('portal.login.retry')}
            </Button>
          }
        >
          {translate(`${T}.loadFailed`)} {translate(message, messageArgs)}
        </Alert>
      </Box>
    );
  }

  const { enable2fa, appActivated, devices } = configuration.data;
  const canTurnOn = appActivated && !enable2fa;
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={`${T}.title`} />
      <MyAccountTabs />
      <Stack spacing={2} sx={{ width: '100%', maxWidth: 720, mx: 'auto' }}>
        <Typography variant="h5" component="h1">
          {translate(`${T}.title`)}
        </Typography>
        <Card component="section" aria-labelledby="security-second-factor">
          <CardContent>
            <Stack spacing={2}>
              <Typography id="security-second-factor" variant="h6" component="h2">
                {translate(`${T}.secondFactor.title`)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate(`${T}.secondFactor.description`)}
              </Typography>
              <Stack
                direction="row"
                spacing={2}
                useFlexGap
                sx={{ alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography>{translate(`${T}.secondFactor.status`)}</Typography>
                  <Chip
                    size="small"
                    color={enable2fa ? 'success' : 'default'}
                    variant={enable2fa ? 'filled' : 'outlined'}
                    label={translate(`${T}.secondFactor.${enable2fa ? 'on' : 'off'}`)}
                  />
                </Stack>
                {enable2fa ? (
                  <ActionButton
                    label={`${T}.secondFactor.turnOff`}
                    variant="outlined"
                    {...switchTo(false)}
                    confirm={{
                      title: `${T}.secondFactor.confirmOffTitle`,
                      content: `${T}.secondFactor.confirmOffContent`,
                    }}
                  />
                ) : (
                  <ActionButton
                    label={`${T}.secondFactor.turnOn`}
                    variant="contained"
                    {...switchTo(true)}
                    disabled={!canTurnOn}
                  />
                )}
              </Stack>
              {!appActivated && <NotActivated />}
            </Stack>
          </CardContent>
        </Card>
        <Card component="section" aria-labelledby="security-devices">
          <CardContent>
            <Typography id="security-devices" variant="h6" component="h2" gutterBottom>
              {translate(`${T}.devices.title`)}
            </Typography>
            {devices.length === 0 ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
                <PhonelinkLockIcon fontSize="small" />
                <Typography variant="body2">{translate(`${T}.devices.empty`)}</Typography>
              </Stack>
            ) : (
              <TableContainer sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-labelledby="security-devices">
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate(`${T}.devices.name`)}</TableCell>
                      <TableCell>{translate(`${T}.devices.tokenPack`)}</TableCell>
                      <TableCell>{translate(`${T}.devices.activatedDate`)}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {devices.map((device) => (
                      <TableRow key={`${device.tokenPackName}/${device.name}/${device.activatedDate}`}>
                        <TableCell component="th" scope="row" sx={{ wordBreak: 'break-word' }}>
                          {device.name}
                        </TableCell>
                        <TableCell sx={{ wordBreak: 'break-word' }}>{device.tokenPackName}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateOf(device.activatedDate)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
};
