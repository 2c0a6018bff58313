import { Box, LinearProgress } from '@mui/material';
import {
  Labeled,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DateField } from '../../kit/dates';
import { MailStatusField } from './MailStatusField';
import { type Mail, T } from './model';

/**
 * The message as its reader sees it: its HTML (inline images as data: URLs) in a frame that runs nothing
 * (`sandbox=""`: no script, no form, no navigation of the portal) and shares nothing with the portal.
 */
const MessageFrame = (_: { label?: string }) => {
  const record = useRecordContext<Mail>();
  const translate = useTranslate();
  // The list's summary may stand in for the record until the message itself arrives.
  if (record?.html === undefined)
    return <LinearProgress aria-label={translate(`${T}.loadingMessage`)} sx={{ width: '100%' }} />;
  return (
    <Box
      component="iframe"
      title={translate(`${T}.messageFrame`, { subject: record.subject })}
      sandbox=""
      srcDoc={record.html}
      sx={{
        width: '100%',
        minHeight: 520,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'common.white',
      }}
    />
  );
};

const MessageTitle = () => {
  const record = useRecordContext<Mail>();
  return <span>{record?.subject ?? ''}</span>;
};

/** One message (operators): who it went to, its subject, status and dates, and the message as it reads. */
export const OutboxShow = () => (
  <Show title={<MessageTitle />}>
    <SimpleShowLayout>
      <TextField source="to" />
      <TextField source="subject" />
      <MailStatusField source="status" />
      <DateField source="createdDate" showTime />
      <DateField source="sentDate" showTime emptyText={`${T}.notSent`} />
      <NumberField source="attempts" />
      <TextField source="lastError" />
      <Labeled label={`${T}.fields.message`} fullWidth>
        <MessageFrame />
      </Labeled>
    </SimpleShowLayout>
  </Show>
);
