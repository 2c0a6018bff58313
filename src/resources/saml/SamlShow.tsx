import { ListItem, ListItemText, List as MuiList } from '@mui/material';
import {
  DateField,
  EditButton,
  FunctionField,
  Labeled,
  Show,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { FederationPanel } from './FederationPanel';
import { SamlDeleteButton } from './SamlList';
import type { Saml } from './samlFields';

const Actions = () => {
  const { canAccess: canDelete } = useCanAccess({ resource: 'saml', action: 'delete' });
  return (
    <TopToolbar>
      <EditButton />
      {canDelete && <SamlDeleteButton />}
    </TopToolbar>
  );
};

const URLS = ['passiveSignInUri', 'signOutUri', 'metadataExchangeUri'] as const;

const Urls = () => {
  const record = useRecordContext<Saml>();
  const translate = useTranslate();
  if (!record?.urls) return null;
  return (
    <MuiList dense disablePadding>
      {URLS.map((name) => (
        <ListItem key={name} disableGutters>
          <ListItemText
            primary={translate(`resources.saml.urls.${name}`)}
            secondary={record.urls[name]}
            slotProps={{ secondary: { sx: { fontFamily: 'monospace', overflowWrap: 'anywhere' } } }}
          />
        </ListItem>
      ))}
    </MuiList>
  );
};

/** An Office 365 SAML connector: what Microsoft 365 is given, and the federation script. */
export const SamlShow = () => {
  const translate = useTranslate();
  return (
    <Show actions={<Actions />}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="resources.saml.tabs.info">
          <TextField source="name" />
          <TextField source="url" sx={{ overflowWrap: 'anywhere' }} />
          <FunctionField
            source="protocol"
            render={(record: Saml) => translate(`resources.saml.protocols.${record.protocol}`)}
          />
          <Labeled label="resources.saml.fields.urls" fullWidth>
            <Urls />
          </Labeled>
          <FunctionField
            source="certificateInfo"
            render={(record: Saml) =>
              record.certificateInfo
                ? translate('resources.saml.certificate.info', {
                    subject: record.certificateInfo.subject,
                    validTo: new Date(record.certificateInfo.validTo).toLocaleDateString('vi-VN'),
                  })
                : '—'
            }
          />
          <DateField source="createdDate" locales="vi-VN" showTime />
          <DateField source="lastModifiedDate" locales="vi-VN" showTime />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.saml.tabs.federation" path="federation">
          <FederationPanel />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
};
