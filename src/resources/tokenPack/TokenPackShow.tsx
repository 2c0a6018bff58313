import QrCode2Icon from '@mui/icons-material/QrCode2';
import { Box, Link as MuiLink, Typography } from '@mui/material';
import {
  ArrayField,
  Button,
  DataTable,
  EditButton,
  Labeled,
  ReferenceField,
  Show,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { StatusField } from '../../components/StatusField';
import { DateField } from '../../kit/dates';
import { YesNoChip } from '../../kit/StateChip';
import { PackDeleteButton } from './PackDeleteButton';
import { NameWithIconField, SubscriptionLinkField, WizardStatusField } from './PackFields';
import { TrustedNetworks } from './TrustedNetworks';
import { IMAGES, type ImagePart, type PackService, T, type TokenPack } from './tokenPackFields';

/** The pack's activation codes (docs/requirements/billing-services-screens.md /activation-code/{tokenPackId}). */
const ActivationCodesButton = () => {
  const record = useRecordContext<TokenPack>();
  if (!record) return null;
  return (
    <Button
      component={Link}
      to={`/activation-code/${encodeURIComponent(String(record.id))}`}
      label="resources.activation-code.openFromPack"
    >
      <QrCode2Icon />
    </Button>
  );
};

const Actions = () => (
  <TopToolbar>
    <ActivationCodesButton />
    <EditButton />
    <PackDeleteButton />
  </TopToolbar>
);

/** One of the pack's images, or a line saying it has none. */
const PackImage = ({ part }: { part: ImagePart; label?: string }) => {
  const record = useRecordContext<TokenPack>();
  const translate = useTranslate();
  const url = record?.[IMAGES[part].url];
  if (!url) return <Typography variant="body2">{translate(`${T}.helpers.noImage`)}</Typography>;
  return (
    <Box
      component="img"
      src={url}
      alt={translate(`${T}.current.${part}`)}
      sx={{ maxWidth: '100%', maxHeight: part === 'iconFile' ? 64 : 200, objectFit: 'contain' }}
    />
  );
};

/** The theme the pack's app shows, a link to it (with theme:view), or a line saying it has none. */
const ThemeField = (_: { source?: string; label?: string }) => {
  const record = useRecordContext<TokenPack>();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'theme', action: 'show' });
  if (!record) return null;
  if (!record.themeId) return <Typography variant="body2">{translate(`${T}.helpers.noTheme`)}</Typography>;
  const name = record.themeName ?? record.themeId;
  if (!canAccess) return <Typography variant="body2">{name}</Typography>;
  return (
    <MuiLink component={Link} to={`/theme/${encodeURIComponent(record.themeId)}/show`} variant="body2">
      {name}
    </MuiLink>
  );
};

/** Usable or not in the pack. */
const UsableField = (_: { label?: string }) => (
  <YesNoChip<PackService>
    holds={(service) => service.enabled}
    yes={`${T}.services.enabled`}
    no={`${T}.services.disabled`}
    filledWhenYes
  />
);

const ServiceColumn = DataTable.Col<PackService>;

/**
 * A token pack with the tabs Info (name, images, primary directory, wizard status, its services: usable or
 * not, and their status) and Trusted Networks (docs/requirements/portal-routes-and-menus.md).
 */
export const TokenPackShow = () => {
  const translate = useTranslate();
  return (
    <Show actions={<Actions />}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label={`${T}.tabs.info`}>
          <NameWithIconField source="name" />
          <WizardStatusField source="wizardStatus" />
          <SubscriptionLinkField source="subscriptionId" />
          <ReferenceField
            source="primaryDirectoryId"
            reference="ldap"
            link="show"
            emptyText={translate(`${T}.helpers.noDirectory`)}
          >
            <TextField source="name" />
          </ReferenceField>
          <ThemeField source="themeId" label={`${T}.fields.themeId`} />
          <PackImage part="iconFile" label={`${T}.fields.iconUrl`} />
          <PackImage part="featureImageFile" label={`${T}.fields.featureImageUrl`} />
          <Labeled label={`${T}.services.title`} fullWidth>
            <ArrayField source="services">
              <Box sx={{ overflowX: 'auto' }}>
                <DataTable
                  bulkActionButtons={false}
                  rowClick={false}
                  empty={<Typography variant="body2">{translate(`${T}.services.none`)}</Typography>}
                >
                  <ServiceColumn source="instanceName" label={`${T}.services.fields.instanceName`} />
                  <ServiceColumn source="enabled" label={`${T}.services.fields.enabled`}>
                    <UsableField />
                  </ServiceColumn>
                  <ServiceColumn source="status" label={`${T}.services.fields.status`}>
                    <StatusField />
                  </ServiceColumn>
                </DataTable>
              </Box>
            </ArrayField>
          </Labeled>
          <DateField source="createdDate" showTime />
          <DateField source="lastModifiedDate" showTime />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label={`${T}.tabs.trustedNetworks`} path="trusted-networks">
          <TrustedNetworks />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
};
