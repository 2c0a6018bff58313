import { Card, CardContent, Chip, Grid, Stack, Typography } from '@mui/material';
import { Title, useGetIdentity, usePermissions, useTranslate } from 'react-admin';
import { usePageTitle } from '../../components/usePageTitle';
import { sessionStore } from '../../session';

/** /report, the dashboard: who is signed in, in which scope, with which roles and permissions. */
export const Dashboard = () => {
  const translate = useTranslate();
  usePageTitle('portal.dashboard.title');
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<string[]>();
  const session = sessionStore.get();
  const user = session?.user;

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title="portal.dashboard.title" />
      <Typography variant="h4" component="h1">
        {translate('portal.dashboard.welcome', { name: identity?.fullName ?? user?.username ?? '' })}
      </Typography>
      <Typography color="text.secondary">
        {translate('portal.dashboard.signedInAs', { email: user?.email ?? '' })}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card>
            <CardContent>
              <Typography variant="overline" component="h2">
                {translate('portal.dashboard.scope')}
              </Typography>
              <Typography variant="h6" data-testid="current-scope">
                {session?.currentScope ? translate(`portal.scope.${session.currentScope}`) : ''}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card>
            <CardContent>
              <Typography variant="overline" component="h2">
                {translate('portal.dashboard.customer')}
              </Typography>
              <Typography variant="h6">
                {session?.customerName ?? translate('portal.dashboard.noCustomer')}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card>
            <CardContent>
              <Typography variant="overline" component="h2">
                {translate('portal.dashboard.permissions')}
              </Typography>
              <Typography variant="h6">
                {translate('portal.dashboard.permissionCount', { smart_count: permissions?.length ?? 0 })}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <Card>
        <CardContent>
          <Typography variant="overline" component="h2">
            {translate('portal.dashboard.roles')}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
            {(user?.roles ?? []).map((role) => (
              <Chip key={role.id} label={role.displayName || role.name} />
            ))}
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
};
