import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import { Alert, Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  Form,
  Loading,
  type RaRecord,
  SaveButton,
  SelectInput,
  Title,
  Toolbar,
  useDataProvider,
  useGetList,
  useNotify,
  useRequireAccess,
  useTranslate,
} from 'react-admin';
import { type FieldValues, useFormContext, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { Subscription } from '../../../contract/billing';
import {
  type LaunchAnswer,
  type LaunchRequest,
  type LaunchValidation,
  NEW_CONNECTOR_ID as NEW,
} from '../../../contract/service';
import type { TokenPackRecord } from '../../../contract/tokenPack';
import { FormSection } from '../../components/FormSection';
import { SecretDialog } from '../../components/SecretDialog';
import { usePageTitle } from '../../components/usePageTitle';
import type { PortalDataProvider } from '../../dataProviders';
import { formatDate } from '../../kit/dates';
import { errorNotification } from '../../kit/notifyError';
import { useSession } from '../../session';
import { useForceRule } from './ForceDialog';
import { chosenConnectors, type Force, requiredText, T, type Template } from './model';
import { ConnectorsSection, NameAndDescriptionInputs } from './ServiceFields';
import { TemplateIcon } from './TemplateIcon';
import { useConnectorChoices } from './useConnectorChoices';
import { useGallery } from './useGallery';

const SUBSCRIPTIONS = {
  pagination: { page: 1, perPage: 100 },
  sort: { field: 'createdDate', order: 'DESC' as const },
  filter: { status: 'ACTIVE' },
};

interface LaunchValues {
  subscriptionId?: string;
  tokenPackId?: string;
  name?: string;
  description?: string;
  connectorConfig?: Record<string, unknown>;
}

const validateChoice = [requiredText];

/** The text of a failed call, as a notification would say it. */
const errorMessage = (error: unknown): [string, object] => {
  const [message, { messageArgs }] = errorNotification(error);
  return [message, messageArgs];
};

/** The customer's subscription, as its plan, period and end. */
const useSubscriptionLabel = () => {
  const translate = useTranslate();
  return (subscription: Subscription) =>
    translate(`${T}.launch.subscriptionOption`, {
      tier: translate(`portal.home.tiers.${subscription.tierPlanType}`, {
        _: subscription.tierPaymentPlan.name,
      }),
      period: subscription.periodPaymentPlan.name,
      date: formatDate(subscription.expireDate),
    });
};

/** The token packs of the chosen subscription; one alone is chosen for the user. */
const TokenPackSelect = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { getValues, setValue } = useFormContext();
  const subscriptionId = useWatch({ name: 'subscriptionId' }) as string | undefined;
  const packs = useQuery({
    queryKey: ['token-pack-v2', 'getBySubscription', subscriptionId],
    queryFn: async () =>
      (await dataProvider.getBySubscription<TokenPackRecord[]>('token-pack-v2', { subscriptionId })).data,
    enabled: Boolean(subscriptionId),
  });
  const { data, error } = packs;
  useEffect(() => {
    if (error) notify(...errorNotification(error));
  }, [error, notify]);
  useEffect(() => {
    if (!data) return;
    if (data.some((pack) => pack.id === getValues('tokenPackId'))) return;
    setValue('tokenPackId', data.length === 1 ? data[0].id : '', { shouldDirty: true });
  }, [data, getValues, setValue]);
  const none = Boolean(subscriptionId) && data?.length === 0;
  return (
    <SelectInput
      source="tokenPackId"
      label={`${T}.fields.tokenPackId`}
      choices={subscriptionId ? (data ?? []) : []}
      optionText="name"
      translateChoice={false}
      validate={validateChoice}
      isRequired
      isLoading={packs.isLoading}
      disabled={!subscriptionId || none}
      helperText={none ? translate(`${T}.launch.noTokenPack`) : `${T}.helpers.tokenPackId`}
      fullWidth
    />
  );
};

/** The form of a launch, once the template and the customer's subscriptions are known. */
const LaunchFields = ({ template, subscriptions }: { template: Template; subscriptions: Subscription[] }) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const session = useSession();
  const subscriptionLabel = useSubscriptionLabel();
  const connectors = useConnectorChoices(template.connectorIds);

  const requestOf = (values: LaunchValues, force: Force): LaunchRequest => ({
    serviceTemplateId: template.id,
    customerId: session?.customerId ?? '',
    name: (values.name ?? '').trim(),
    description: values.description ?? '',
    subscriptionId: values.subscriptionId ?? '',
    tokenPackId: values.tokenPackId ?? '',
    connectors: chosenConnectors(template.connectorIds, values.connectorConfig, connectors.choices),
    force,
  });
  const { submit, dialog } = useForceRule<LaunchValues>({
    validate: async (values, force) =>
      (
        await dataProvider.validateCreate<LaunchValidation>('service-launch', {
          data: requestOf(values, force),
        })
      ).data,
    save: async (values, force) => {
      const request = requestOf(values, force);
      const { data } = await dataProvider.create<LaunchAnswer & RaRecord>('service-launch', {
        data: request,
      });
      notify(`${T}.notifications.created`, { type: 'info' });
      // The API key of an HTTPS connector made with the service is answered this once: shown before leaving.
      const made = request.connectors.find((connector) => connector.type === 'https' && connector.id === NEW);
      if (data.apiKey && made) setMadeKey({ id: String(data.id), name: made.name, apiKey: data.apiKey });
      else navigate(`/service-launch/${data.id}`);
    },
  });
  const [madeKey, setMadeKey] = useState<{ id: string; name: string; apiKey: string } | null>(null);

  return (
    <>
      <Form
        onSubmit={(values: FieldValues) => submit(values as LaunchValues)}
        defaultValues={{
          subscriptionId: subscriptions.length === 1 ? subscriptions[0].id : '',
          tokenPackId: '',
          name: '',
          description: '',
        }}
        noValidate
        warnWhenUnsavedChanges
      >
        <FormSection title={`${T}.launch.where`}>
          <SelectInput
            source="subscriptionId"
            label={`${T}.fields.subscriptionId`}
            choices={subscriptions}
            optionText={subscriptionLabel}
            translateChoice={false}
            validate={validateChoice}
            isRequired
            helperText={false}
            fullWidth
          />
          <TokenPackSelect />
        </FormSection>
        <FormSection title={`${T}.launch.details`}>
          <NameAndDescriptionInputs nameSource="name" />
        </FormSection>
        <ConnectorsSection typeIds={template.connectorIds} connectors={connectors} allowNew />
        <Toolbar sx={{ mt: 2, px: 0 }}>
          <SaveButton label={`${T}.launch.submit`} icon={<RocketLaunchIcon />} alwaysEnable />
        </Toolbar>
      </Form>
      {dialog}
      {madeKey && (
        <SecretDialog
          texts={API_KEY_TEXTS}
          args={{ name: madeKey.name }}
          secret={madeKey.apiKey}
          onClose={() => navigate(`/service-launch/${madeKey.id}`)}
        />
      )}
    </>
  );
};

/** The API key's dialog of an HTTPS connector the launch made. */
const API_KEY_TEXTS = {
  title: `${T}.launch.apiKey.title`,
  body: `${T}.launch.apiKey.body`,
  label: `${T}.launch.apiKey.label`,
};

/** 'You must subscribe at least one TokenPack at Home page.' (docs/requirements/billing-services-validation.md), with the way there. */
const NoSubscription = () => {
  const translate = useTranslate();
  return (
    <Alert severity="info" sx={{ mt: 2 }}>
      <Typography>{translate(`${T}.launch.noSubscription`)}</Typography>
      <Link component={RouterLink} to="/home">
        {translate(`${T}.launch.goHome`)}
      </Link>
    </Alert>
  );
};

const BackToGallery = () => {
  const translate = useTranslate();
  return (
    <Link
      component={RouterLink}
      to="/service-launch/create"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      <ArrowBackIcon fontSize="small" aria-hidden />
      {translate(`${T}.launch.back`)}
    </Link>
  );
};

/**
 * /service-launch/create/{templateId} (docs/requirements/billing-services-screens.md, docs/requirements/billing-services-states.md Service launch): the template's overview, then the
 * subscription, its token pack, the name and description, and a connector selector per connector type the
 * template needs. Launching validates first (the force rule), then creates and opens the service.
 */
export const LaunchForm = () => {
  const { templateId = '' } = useParams();
  const translate = useTranslate();
  usePageTitle(`${T}.gallery.title`);
  const { isPending: checking } = useRequireAccess({ resource: 'service-launch', action: 'create' });
  const gallery = useGallery();
  const subscriptions = useGetList<Subscription>('subscription', SUBSCRIPTIONS, { enabled: !checking });
  const notify = useNotify();
  const subscriptionsError = subscriptions.error;
  useEffect(() => {
    if (subscriptionsError) notify(...errorNotification(subscriptionsError));
  }, [subscriptionsError, notify]);

  if (checking || gallery.isPending) return <Loading />;
  if (gallery.isError)
    return (
      <Stack spacing={2} sx={{ mt: 2 }}>
        <BackToGallery />
        <Alert severity="warning">{translate(`${T}.gallery.failed`)}</Alert>
      </Stack>
    );
  const template = gallery.data.find((one) => one.id === templateId);
  if (!template)
    return (
      <Stack spacing={2} sx={{ mt: 2 }}>
        <BackToGallery />
        <Alert severity="warning">{translate(`${T}.launch.notFound`)}</Alert>
      </Stack>
    );
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate(`${T}.launch.title`, { name: template.templateName })} />
      <BackToGallery />
      <Card sx={{ mt: 1 }}>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
            <TemplateIcon template={template} size={56} />
            <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {translate(`${T}.launch.title`, { name: template.templateName })}
            </Typography>
          </Stack>
          <Box component="section" aria-labelledby="launch-overview">
            <Typography variant="subtitle1" component="h2" id="launch-overview">
              {translate(`${T}.launch.overview`)}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} color="text.secondary">
              {template.description || template.shortDescription}
            </Typography>
          </Box>
          {subscriptions.isPending ? (
            <Loading />
          ) : subscriptions.error ? (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {translate(...errorMessage(subscriptions.error))}
            </Alert>
          ) : subscriptions.data.length === 0 ? (
            <NoSubscription />
          ) : (
            <LaunchFields template={template} subscriptions={subscriptions.data} />
          )}
        </CardContent>
      </Card>
    </Box>
  );
};
