import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import {
  BooleanField,
  Button,
  FunctionField,
  Labeled,
  Show,
  TabbedShowLayout,
  TextField,
  useDataProvider,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { CertificateField } from '../../components/CertificateField';
import { ConnectorActions } from '../../components/ConnectorActions';
import { LastSignIn } from '../../components/LastSignIn';
import { saveFile } from '../../components/saveFile';
import { TrySignInButton } from '../../components/TrySignInButton';
import { UrlList } from '../../components/UrlList';
import { DateField } from '../../kit/dates';
import { errorNotification } from '../../kit/notifyError';
import { HISTORY_TAB, HistoryTab } from '../audit/HistoryTab';
import type { Saml2 } from './saml2Fields';

/** The gateway's identity provider metadata for this connector, saved as an XML file. */
export const MetadataDownloadButton = () => {
  const record = useRecordContext<Saml2>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [loading, setLoading] = useState(false);
  if (!record?.uname) return null;
  const download = async () => {
    setLoading(true);
    try {
      const { data } = await dataProvider.xml('saml2', { uname: record.uname });
      const { fileName, blob } = data as { fileName: string; blob: Blob };
      saveFile(blob, fileName);
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button label="resources.saml2.actions.metadata" onClick={() => void download()} disabled={loading}>
      <DownloadIcon />
    </Button>
  );
};

const Actions = () => (
  <ConnectorActions nameField="providerName">
    <TrySignInButton<Saml2> url={(record) => record.idp?.trySignIn} texts="resources.saml2.trySignIn" />
    <MetadataDownloadButton />
  </ConnectorActions>
);

const IDP = ['entityId', 'ssoUrl', 'sloUrl', 'metadataUrl', 'startUrl'] as const;

/** What the service provider is configured with: the gateway's URLs for this connector. */
const IdpUrls = () => {
  const record = useRecordContext<Saml2>();
  if (!record?.idp) return null;
  return (
    <UrlList entries={IDP.map((name) => ({ label: `resources.saml2.idp.${name}`, url: record.idp[name] }))} />
  );
};

const WRAP = { overflowWrap: 'anywhere' } as const;

/** A SAML 2.0 connector: the gateway's side (URLs, metadata) and the service provider's settings. */
export const Saml2Show = () => {
  const translate = useTranslate();
  return (
    <Show actions={<Actions />}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="resources.saml2.tabs.gateway">
          <TextField source="providerName" />
          <TextField source="uname" />
          <Labeled label="resources.saml2.fields.idp" fullWidth>
            <IdpUrls />
          </Labeled>
          <FunctionField
            source="lastSignIn"
            render={(record: Saml2) => (
              <LastSignIn last={record.lastSignIn} texts="resources.saml2.lastSignIn" />
            )}
          />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.saml2.tabs.provider" path="provider">
          <TextField source="domainName" emptyText="—" />
          <TextField source="entityId" sx={WRAP} />
          <TextField source="acsUrl" sx={WRAP} />
          <TextField source="loginUrl" sx={WRAP} emptyText="—" />
          <TextField source="logoutUrl" sx={WRAP} emptyText="—" />
          <TextField source="defaultRelayState" sx={WRAP} emptyText="—" />
          <CertificateField />
          <FunctionField
            source="nameIdFormat"
            render={(record: Saml2) => translate(`resources.saml2.nameIdFormats.${record.nameIdFormat}`)}
          />
          <FunctionField
            source="nameIdAttribute"
            render={(record: Saml2) => translate(`resources.saml2.properties.${record.nameIdAttribute}`)}
          />
          <TextField source="signatureAlgorithm" />
          <BooleanField source="signResponse" />
          <BooleanField source="signAssertion" />
          <FunctionField
            source="sendAttribute"
            render={(record: Saml2) => translate(`resources.saml2.sendAttributes.${record.sendAttribute}`)}
          />
          <FunctionField
            source="attributeMapping"
            render={(record: Saml2) =>
              record.attributeMapping?.length
                ? record.attributeMapping
                    .map((row) => `${row.name} ← ${translate(`resources.saml2.properties.${row.property}`)}`)
                    .join(', ')
                : '—'
            }
          />
          <FunctionField
            source="createdAttributes"
            render={(record: Saml2) =>
              record.createdAttributes?.length
                ? record.createdAttributes.map((row) => `${row.name} = ${row.value}`).join(', ')
                : '—'
            }
          />
          <DateField source="createdDate" showTime />
          <DateField source="lastModifiedDate" showTime />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label={HISTORY_TAB} path="history">
          <HistoryTab />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
};
