import {
  FunctionField,
  Labeled,
  TabbedShowLayout,
  TextField,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { CertificateField } from '../../components/CertificateField';
import { ConnectorActions } from '../../components/ConnectorActions';
import { UrlList } from '../../components/UrlList';
import { ShowPage } from '../../kit/ShowPage';
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
    <ShowPage
      actions={<Actions />}
      info={
        <>
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
        </>
      }
    >
      <TabbedShowLayout.Tab label="resources.saml.tabs.federation" path="federation">
        <FederationPanel />
      </TabbedShowLayout.Tab>
    </ShowPage>
  );
};
