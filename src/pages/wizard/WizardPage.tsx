import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useReducer, useState } from 'react';
import { Loading, Title, useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { ServiceInstanceRecord } from '../../../contract/service';
import type { TokenPackRecord } from '../../../contract/tokenPack';
import { usePageTitle } from '../../components/usePageTitle';
import type { PortalDataProvider } from '../../dataProviders';
import { errorNotification } from '../../kit/notifyError';
import { DirectoryStep } from './steps/DirectoryStep';
import { Office365FinishStep } from './steps/Office365FinishStep';
import { RadiusStep } from './steps/RadiusStep';
import { SamlStep } from './steps/SamlStep';
import type { StepProps, WizardMemory } from './steps/types';
import { VpnFinishStep } from './steps/VpnFinishStep';
import { WelcomeStep } from './steps/WelcomeStep';
import { WizardStepper } from './WizardStepper';
import { initialWizardState, type WizardStepId, wizardKindOf, wizardReducer } from './wizardState';

const STEP_SCREENS = {
  welcome: WelcomeStep,
  directory: DirectoryStep,
  radius: RadiusStep,
  saml: SamlStep,
  finish: null,
} as const satisfies Record<WizardStepId, unknown>;

/** The service page a wizard leads back to (docs/requirements/portal-routes-and-menus.md /service-launch/{serviceInstanceId}). */
const servicePath = (id: string) => `/service-launch/${encodeURIComponent(id)}`;

/** The service and its token pack (a pack that cannot be read, for want of permission, is null). */
const useServiceAndPack = (serviceInstanceId: string) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: ['wizard', 'service', serviceInstanceId],
    queryFn: async () => {
      const { data: service } = await dataProvider.getOne<ServiceInstanceRecord>('service-launch', {
        id: serviceInstanceId,
      });
      const pack = await dataProvider
        .getOne<TokenPackRecord>('token-pack-v2', { id: service.tokenPackId })
        .then(({ data }) => data)
        .catch(() => null);
      return { service, pack };
    },
  });
};

/** The page's frame: the signed-in frame's title, or (in an iframe) a plain padded page. */
const Frame = ({ framed, children }: { framed: boolean; children: ReactNode }) => (
  <Box sx={{ p: framed ? { xs: 0, sm: 1 } : { xs: 1, sm: 2 }, mt: framed ? 1 : 0, maxWidth: 1000 }}>
    {framed && <Title title="portal.wizard.title" />}
    <Card>
      <CardContent>{children}</CardContent>
    </Card>
  </Box>
);

const PageLink = ({ to, label }: { to: string; label: string }) => {
  const translate = useTranslate();
  return (
    <Button component={RouterLink} to={to} size="small">
      {translate(label)}
    </Button>
  );
};

/** The wizard of one service, from the welcome step. */
const Wizard = ({
  service,
  pack,
  framed,
}: {
  service: ServiceInstanceRecord;
  pack: TokenPackRecord | null;
  framed: boolean;
}) => {
  const translate = useTranslate();
  const [state, dispatch] = useReducer(wizardReducer, null, () =>
    wizardReducer(initialWizardState(service.id), { type: 'loaded', service, pack }),
  );
  const [memory, setMemory] = useState<WizardMemory>({});
  // What the server answers (at first, and when it is read again) replaces what the wizard holds.
  useEffect(() => dispatch({ type: 'loaded', service, pack }), [service, pack]);
  const kind = wizardKindOf(service.protocol);
  const current = state.serviceDetails ?? service;
  const currentPack = state.serviceDetails ? state.tokenPackDetail : pack;

  if (!kind)
    return (
      <>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('portal.wizard.none.title')}
        </Typography>
        <Typography sx={{ mb: 2 }}>
          {translate('portal.wizard.none.body', { name: service.instanceName })}
        </Typography>
        <PageLink to={servicePath(service.id)} label="portal.wizard.openService" />
      </>
    );

  const stepId = state.steps[state.currentStep] ?? 'welcome';
  const props: StepProps = {
    kind,
    service: current,
    pack: currentPack,
    first: state.currentStep === 0,
    onBack: () => dispatch({ type: 'previous' }),
    onNext: () => dispatch({ type: 'next' }),
    onChanged: (changed, changedPack) => dispatch({ type: 'loaded', service: changed, pack: changedPack }),
    memory,
    remember: (more) => setMemory((before) => ({ ...before, ...more })),
    framed,
  };
  const Screen = STEP_SCREENS[stepId] ?? (kind === 'vpn' ? VpnFinishStep : Office365FinishStep);
  return (
    <>
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'baseline',
          gap: 1,
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="h5" component="h1">
          {translate(`portal.wizard.kinds.${kind}`)}
        </Typography>
        {framed && <PageLink to={servicePath(service.id)} label="portal.wizard.openService" />}
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {current.instanceName}
      </Typography>
      <WizardStepper
        steps={state.steps}
        currentStep={state.currentStep}
        furthestStep={state.furthestStep}
        onJump={(step) => dispatch({ type: 'jump', step })}
      />
      {/* A step's own state (its choice, its form) starts afresh when it is shown again. */}
      <Screen key={stepId} {...props} />
    </>
  );
};

/**
 * The setup wizard of a service (docs/requirements/portal-routes-and-menus.md: VPN and Office 365, first step welcome), at
 * /wizard/{serviceInstanceId} in the signed-in frame and /iframe/wizard/{serviceInstanceId} without it. The
 * service's template protocol chooses the wizard: RADIUS the VPN one, SAML the Office 365 one; another
 * service has none, and the page says so.
 */
export const WizardPage = ({ framed = true }: { framed?: boolean }) => {
  const translate = useTranslate();
  usePageTitle('portal.wizard.title');
  const { serviceInstanceId = '' } = useParams();
  const { data, error, isPending } = useServiceAndPack(serviceInstanceId);
  if (isPending)
    return (
      <Frame framed={framed}>
        <Loading loadingPrimary="portal.wizard.loading" loadingSecondary="" />
      </Frame>
    );
  if (!data) {
    const [message, options] = errorNotification(error);
    return (
      <Frame framed={framed}>
        <Alert severity="error" action={<PageLink to="/service-launch" label="portal.wizard.openServices" />}>
          {translate(message, options.messageArgs)}
        </Alert>
      </Frame>
    );
  }
  return (
    <Frame framed={framed}>
      <Wizard key={data.service.id} service={data.service} pack={data.pack} framed={framed} />
    </Frame>
  );
};

/** /iframe/wizard/{serviceInstanceId}: the same wizard, without the signed-in frame. */
export const FrameWizardPage = () => <WizardPage framed={false} />;
