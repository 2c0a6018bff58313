import {
  FunctionField,
  Labeled,
  Show,
  TabbedShowLayout,
  TextField,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { CertificateField } from '../../components/CertificateField';
import { ConnectorActions } from '../../components/ConnectorActions';
import { UrlList } from '../../components/UrlList';
import { DateField } from '../../kit/dates';
import { FederationPanel } from './FederationPanel';
import type { Saml } from './samlFields';

const Actions = () => <ConnectorActions nameField="name" />;

const URLS = ['passiveSignInUri', 'signOutUri', 'metadataExchangeUri'] as const;

const Urls = () => {
  const record = useRecordContext<Saml>();
  if (!record?.urls) return null;
  return (
    <UrlList
      entries={URLS.map((name) => ({ label: `resources.saml.urls.${name}`, url: record.urls[name] }))}
    />
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
          <CertificateField />
          <DateField source="createdDate" showTime />
          <DateField source="lastModifiedDate" showTime />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.saml.tabs.federation" path="federation">
          <FederationPanel />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
};
