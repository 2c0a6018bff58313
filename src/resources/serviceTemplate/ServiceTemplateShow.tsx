import {
  EditButton,
  Labeled,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { StatusField } from '../../components/StatusField';
import { DateField } from '../../kit/dates';
import { ConnectorsField } from './ConnectorsField';
import { IconField } from './IconField';
import type { ServiceTemplate } from './model';
import { PublishToggleButton } from './PublishButtons';

const ShowActions = () => (
  <TopToolbar>
    <PublishToggleButton />
    <EditButton />
  </TopToolbar>
);

const ProtocolField = (_: { label?: string }) => {
  const record = useRecordContext<ServiceTemplate>();
  const translate = useTranslate();
  if (!record) return null;
  return <>{translate(`portal.protocols.${record.protocol}`, { _: record.protocol })}</>;
};

/** A template with every field, and Publish or Unpublish. */
export const ServiceTemplateShow = () => (
  <Show actions={<ShowActions />}>
    <SimpleShowLayout>
      <Labeled source="iconUrl">
        <IconField size={72} />
      </Labeled>
      <TextField source="templateName" />
      <TextField source="uname" />
      <TextField source="shortDescription" />
      <TextField source="description" sx={{ whiteSpace: 'pre-wrap' }} />
      <Labeled source="protocol">
        <ProtocolField />
      </Labeled>
      <Labeled source="connectorIds">
        <ConnectorsField />
      </Labeled>
      <Labeled source="status">
        <StatusField />
      </Labeled>
      <DateField source="createdDate" showTime />
      <DateField source="modifiedDate" showTime />
    </SimpleShowLayout>
  </Show>
);
