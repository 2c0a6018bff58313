/*
 * What /ad-config shows (a decision: the spec names the route and nothing else of it). It is the page an
 * installer of a customer's gateway works from: 'Gateway configuration for installers', the values to
 * enter on the other side of each connection, read through the list calls the portal already makes (no
 * call of its own, nothing written):
 * - the portal's address (window.location.origin);
 * - the customer's directories: type, host, port, base DN, login attribute (Azure AD: tenant; REST: the
 *   list-users URL);
 * - RADIUS connectors: name, the client IP the gateway accepts and the gateway's RADIUS port (never the
 *   shared secret, which is shown once when made);
 * - SAML 2.0 connectors: the service provider's entity ID and the gateway's identity provider (entity ID,
 *   single sign-on URL, metadata link);
 * - OIDC clients: client ID, redirect URLs and the discovery document (never the secret).
 * Each record links to its edit page; a kind with none offers its create page (to those who may create);
 * a kind the signed-in person may not list is left out. In provider scope without a customer, the page
 * says it is a customer's and links to /customer, where an operator enters one.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  LinearProgress,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { Fragment, type ReactNode } from 'react';
import {
  type RaRecord,
  Title,
  useCanAccess,
  useGetList,
  useResourceDefinitions,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { DirectoryRecord } from '../../../contract/directory';
import type { OidcRecord } from '../../../contract/oidc';
import type { RadiusRecord } from '../../../contract/radius';
import type { Saml2Record } from '../../../contract/saml2';
import { usePageTitle } from '../../components/usePageTitle';
import { SCOPE, useSession } from '../../session';

const T = 'portal.myAccount.gatewayConfiguration';
/** A customer's connectors of one kind rarely pass a few; more are on the kind's own list. */
const SHOWN = 100;

/** One value an installer copies: its label (a catalogue key) and the text. */
interface Value {
  label: string;
  value: string | readonly string[] | null | undefined;
  /** An address to open (a metadata document). */
  href?: boolean;
  /** The value is a catalogue key (a directory's type), said in words. */
  words?: boolean;
}

/** Label and value pairs: one under the other on a phone, side by side from sm up; long values wrap. */
const Values = ({ values }: { values: readonly Value[] }) => {
  const translate = useTranslate();
  const shown = values
    .map((one) => ({ ...one, texts: [one.value ?? []].flat().filter((text) => text !== '') }))
    .filter(({ texts }) => texts.length > 0);
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(10em, max-content) 1fr' },
        columnGap: 2,
        rowGap: { xs: 0, sm: 0.5 },
      }}
    >
      {shown.map(({ label, texts, href, words }) => (
        <Fragment key={label}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {translate(label)}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' }}
          >
            {texts.map((text) =>
              href ? (
                <Link
                  key={text}
                  href={text}
                  target="_blank"
                  rel="noopener noreferrer"
                  sx={{ display: 'block' }}
                >
                  {text}
                </Link>
              ) : (
                <Box component="span" key={text} sx={{ display: 'block' }}>
                  {words ? translate(text) : text}
                </Box>
              ),
            )}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
};

/** A titled card of the page (a landmark named by its title). */
const Section = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <Card component="section" aria-labelledby={id}>
    <CardContent>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </CardContent>
  </Card>
);

/** The records of one kind, each with its values and a link to its edit page. */
interface KindProps<R extends RaRecord> {
  resource: string;
  sort: string;
  /** The record's name, as its list shows it. */
  nameOf: (record: R) => string;
  valuesOf: (record: R) => Value[];
}

const Kind = <R extends RaRecord>({ resource, sort, nameOf, valuesOf }: KindProps<R>) => {
  const translate = useTranslate();
  const registered = useResourceDefinitions();
  const { canAccess: mayList, isPending: checking } = useCanAccess({ resource, action: 'list' });
  const { canAccess: mayCreate } = useCanAccess({ resource, action: 'create' });
  const { data, total, isPending, error } = useGetList<R>(
    resource,
    { pagination: { page: 1, perPage: SHOWN }, sort: { field: sort, order: 'ASC' } },
    { enabled: mayList === true },
  );
  if (checking || mayList !== true || !(resource in registered)) return null;
  const title = translate(`resources.${resource}.name`, { smart_count: 2 });
  let content: ReactNode;
  if (isPending) content = <LinearProgress aria-label={title} />;
  else if (error) content = <Alert severity="error">{translate(`${T}.loadFailed`)}</Alert>;
  else if (!data || data.length === 0) {
    content = (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="body2">{translate(`resources.${resource}.empty.title`)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(`resources.${resource}.empty.body`)}
        </Typography>
        {mayCreate === true && registered[resource]?.hasCreate && (
          <Button component={RouterLink} to={`/${resource}/create`} variant="contained" size="small">
            {translate(`${T}.create.${resource}`)}
          </Button>
        )}
      </Stack>
    );
  } else {
    content = (
      <Stack divider={<Divider flexItem />} spacing={2}>
        {data.map((record) => (
          <Box key={record.id} component="section" aria-label={nameOf(record)}>
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1 }}
            >
              <Typography variant="subtitle1" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                {nameOf(record)}
              </Typography>
              <Link
                component={RouterLink}
                to={`/${resource}/${encodeURIComponent(String(record.id))}`}
                variant="body2"
                aria-label={translate(`${T}.editOf`, { name: nameOf(record) })}
              >
                {translate(`${T}.edit`)}
              </Link>
            </Stack>
            <Values values={valuesOf(record)} />
          </Box>
        ))}
        {total !== undefined && total > data.length && (
          <Link component={RouterLink} to={`/${resource}`} variant="body2">
            {translate(`${T}.more`, { smart_count: total - data.length })}
          </Link>
        )}
      </Stack>
    );
  }
  return (
    <Section id={`gateway-configuration-${resource}`} title={title}>
      {content}
    </Section>
  );
};

const directoryValues = (record: DirectoryRecord): Value[] => [
  { label: 'resources.ldap.fields.type', value: `resources.ldap.types.${record.type}`, words: true },
  { label: 'resources.ldap.fields.host', value: record.host },
  { label: 'resources.ldap.fields.port', value: record.port === null ? null : String(record.port) },
  { label: 'resources.ldap.fields.baseDn', value: record.baseDn },
  { label: 'resources.ldap.fields.loginProperty', value: record.loginProperty },
  { label: 'resources.ldap.fields.tenantId', value: record.tenantId },
  { label: 'resources.ldap.fields.listUsersUrl', value: record.listUsersUrl },
];

const radiusValues = (record: RadiusRecord): Value[] => [
  { label: `${T}.radiusClientIp`, value: record.ipAddress ?? `${T}.notSet`, words: !record.ipAddress },
  record.proxyPort === null
    ? { label: 'resources.radius.fields.proxyPort', value: 'resources.radius.vpn.offShort', words: true }
    : { label: 'resources.radius.fields.proxyPort', value: String(record.proxyPort) },
];

const saml2Values = (record: Saml2Record): Value[] => [
  { label: `${T}.spEntityId`, value: record.entityId },
  { label: `${T}.idpEntityId`, value: record.idp.entityId },
  { label: 'resources.saml2.idp.ssoUrl', value: record.idp.ssoUrl },
  { label: 'resources.saml2.idp.metadataUrl', value: record.idp.metadataUrl, href: true },
];

const oidcValues = (record: OidcRecord): Value[] => [
  { label: 'resources.oidc.fields.clientId', value: record.clientId },
  { label: 'resources.oidc.fields.redirectUrls', value: record.redirectUrls },
  { label: 'resources.oidc.endpoints.discovery', value: record.endpoints?.discovery, href: true },
];

/** /ad-config: see the comment at the top of this file. */
export const GatewayConfigurationPage = () => {
  const translate = useTranslate();
  usePageTitle(`${T}.title`);
  const session = useSession();
  const customerScope = session?.currentScope === SCOPE.CUSTOMER && !!session.customerId;
  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title={`${T}.title`} />
      <Stack spacing={2} sx={{ maxWidth: 880, mx: 'auto' }}>
        <Typography variant="h5" component="h1">
          {translate(`${T}.title`)}
        </Typography>
        {!customerScope ? (
          <Alert severity="info">
            <Typography variant="body2">{translate(`${T}.providerScope`)}</Typography>
            <Link component={RouterLink} to="/customer" variant="body2">
              {translate(`${T}.toCustomers`)}
            </Link>
          </Alert>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary">
              {translate(`${T}.intro`, { name: session?.customerName ?? session?.user?.customerName ?? '' })}
            </Typography>
            <Section id="gateway-configuration-portal" title={translate(`${T}.portal`)}>
              <Values values={[{ label: `${T}.portalAddress`, value: window.location.origin }]} />
            </Section>
            <Kind<DirectoryRecord>
              resource="ldap"
              sort="name"
              nameOf={(record) => record.name}
              valuesOf={directoryValues}
            />
            <Kind<RadiusRecord>
              resource="radius"
              sort="name"
              nameOf={(record) => record.name}
              valuesOf={radiusValues}
            />
            <Kind<Saml2Record>
              resource="saml2"
              sort="providerName"
              nameOf={(record) => record.providerName || record.uname}
              valuesOf={saml2Values}
            />
            <Kind<OidcRecord>
              resource="oidc"
              sort="clientName"
              nameOf={(record) => record.clientName}
              valuesOf={oidcValues}
            />
            <Typography variant="body2" color="text.secondary">
              {translate(`${T}.secrets`)}
            </Typography>
          </>
        )}
      </Stack>
    </Box>
  );
};
