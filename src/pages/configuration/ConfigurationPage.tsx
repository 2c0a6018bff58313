import BuildIcon from '@mui/icons-material/Build';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ServiceInstanceRecord } from '../../../contract/service';
import type { TokenPackRecord, WizardStatus } from '../../../contract/tokenPack';
import { usePageTitle } from '../../components/usePageTitle';
import type { PortalDataProvider } from '../../dataProviders';
import { wizardKindOf } from '../wizard/wizardState';

/** The setup is not finished for packs at these wizard statuses. */
const UNFINISHED: readonly WizardStatus[] = ['NEW', 'TOUCHED'];

interface PackToSetUp {
  pack: TokenPackRecord;
  services: ServiceInstanceRecord[];
}

/**
 * The token packs whose setup is not finished (wizard status NEW or TOUCHED), with their services: the
 * packs from `get-by-wizard-status`, the services' templates from the service details.
 */
const usePacksToSetUp = () => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: ['configuration', 'packs'],
    queryFn: async (): Promise<PackToSetUp[]> => {
      const answers = await Promise.all(
        UNFINISHED.map((wizardStatus) =>
          dataProvider.getByWizardStatus<TokenPackRecord[]>('token-pack', { wizardStatus }),
        ),
      );
      const packs = answers.flatMap(({ data }) => data);
      const ids = packs.flatMap((pack) => pack.services.map((service) => service.id));
      const { data: services } =
        ids.length > 0
          ? await dataProvider.getMany<ServiceInstanceRecord>('service-launch', { ids })
          : { data: [] };
      return packs.map((pack) => ({
        pack,
        services: services.filter((service) => service.tokenPackId === pack.id),
      }));
    },
  });
};

const ServiceRow = ({ service }: { service: ServiceInstanceRecord }) => {
  const translate = useTranslate();
  const hasWizard = wizardKindOf(service.protocol) !== null;
  return (
    <ListItem
      disableGutters
      secondaryAction={
        hasWizard ? (
          <Button
            component={RouterLink}
            to={`/wizard/${encodeURIComponent(service.id)}`}
            startIcon={<BuildIcon />}
            variant="contained"
            size="small"
          >
            {translate('portal.wizard.setup.runWizard')}
          </Button>
        ) : (
          <Button
            component={RouterLink}
            to={`/service-launch/${encodeURIComponent(service.id)}`}
            size="small"
          >
            {translate('portal.wizard.openService')}
          </Button>
        )
      }
      sx={{ pr: { xs: 16, sm: 20 } }}
    >
      <ListItemText
        primary={service.instanceName}
        secondary={
          hasWizard
            ? translate(`portal.wizard.kinds.${wizardKindOf(service.protocol)}`)
            : translate('portal.wizard.setup.noWizard')
        }
      />
    </ListItem>
  );
};

/**
 * /configuration (docs/requirements/portal-routes-and-menus.md; what it holds is not shown): where the setup of the customer's token packs
 * stands. Each pack still to set up lists its services, with the setup wizard of those that have one; a
 * pack without a service offers to launch one; when every pack is set up, the page says so.
 */
export const ConfigurationPage = () => {
  const translate = useTranslate();
  const title = translate('portal.wizard.setup.title');
  usePageTitle(title);
  const { data, isPending, isError } = usePacksToSetUp();
  return (
    <Box sx={{ maxWidth: 900, mt: 2 }}>
      <Title title="portal.wizard.setup.title" />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('portal.wizard.setup.intro')}
      </Typography>
      {isPending && <CircularProgress aria-label={translate('portal.wizard.loading')} />}
      {isError && <Alert severity="error">{translate('portal.wizard.setup.failed')}</Alert>}
      {data && data.length === 0 && (
        <Alert
          severity="success"
          action={
            <Button component={RouterLink} to="/service-launch" color="inherit" size="small">
              {translate('portal.wizard.openServices')}
            </Button>
          }
        >
          {translate('portal.wizard.setup.done')}
        </Alert>
      )}
      {data?.map(({ pack, services }) => (
        <Card key={pack.id} sx={{ mb: 2 }}>
          <CardContent>
            <Typography variant="h6" component="h2">
              {pack.name}
            </Typography>
            {services.length === 0 ? (
              <Box sx={{ mt: 1 }}>
                <Typography color="text.secondary" sx={{ mb: 1 }}>
                  {translate('portal.wizard.setup.noService')}
                </Typography>
                <Button
                  component={RouterLink}
                  to="/service-launch/create"
                  startIcon={<RocketLaunchIcon />}
                  variant="outlined"
                  size="small"
                >
                  {translate('portal.wizard.setup.launch')}
                </Button>
              </Box>
            ) : (
              <List aria-label={translate('portal.wizard.setup.servicesOf', { name: pack.name })}>
                {services.map((service) => (
                  <ServiceRow key={service.id} service={service} />
                ))}
              </List>
            )}
          </CardContent>
        </Card>
      ))}
    </Box>
  );
};
