import { Typography } from '@mui/material';
import {
  EditButton,
  Labeled,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { StatusField } from '../../components/StatusField';
import { DateField } from '../../kit/dates';
import { ActivateButton } from './ActivateButton';
import { httpAuthModeChoices, messageFlagChoices, notifyMessageFlagChoices, URL_FIELDS } from './model';
import { PasswordStateField } from './PasswordStateField';

const T = 'resources.vos-cloud-config';

const Section = ({ title }: { title: string; label?: false }) => {
  const translate = useTranslate();
  return (
    <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
      {translate(title)}
    </Typography>
  );
};

/** A setting, grouped as the form is; the password only as set or not set. */
export const CloudConfigShow = () => (
  <Show
    actions={
      <TopToolbar>
        <ActivateButton />
        <EditButton />
      </TopToolbar>
    }
  >
    <SimpleShowLayout>
      <Labeled source="status">
        <StatusField />
      </Labeled>
      <Section title={`${T}.sections.connection`} label={false} />
      <TextField source="cloudUrl" />
      <TextField source="companyId" />
      <Labeled source="companyPasswordSet">
        <PasswordStateField />
      </Labeled>
      <SelectField source="httpAuthMode" choices={httpAuthModeChoices} />
      <TextField source="certificate" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace' }} />
      <Section title={`${T}.sections.messages`} label={false} />
      <TextField source="pushPassType" />
      <SelectField source="notifyMessageFlag" choices={notifyMessageFlagChoices} />
      <SelectField source="messageFlag" choices={messageFlagChoices} />
      <Section title={`${T}.sections.endpoints`} label={false} />
      {URL_FIELDS.map((field) => (
        <TextField key={field} source={field} />
      ))}
      <DateField source="createdDate" showTime />
      <DateField source="modifiedDate" showTime />
    </SimpleShowLayout>
  </Show>
);
