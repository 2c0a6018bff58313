import { Divider, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { Labeled, maxLength, PasswordInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { ResourceForm } from '../../components/ResourceForm';
import { requiredField } from '../../components/validators';
import {
  CONFIG_LIMITS,
  httpAuthModeChoices,
  messageFlagChoices,
  notifyMessageFlagChoices,
  URL_FIELDS,
  URL_MAX,
} from './model';
import { PasswordStateField } from './PasswordStateField';
import { httpUrl } from './validators';

const T = 'resources.vos-cloud-config';

const Section = ({ title }: { title: string }) => {
  const translate = useTranslate();
  return (
    <Stack sx={{ width: '100%', mt: 2, mb: 1 }} spacing={1}>
      <Typography variant="h6" component="h2">
        {translate(title)}
      </Typography>
      <Divider />
    </Stack>
  );
};

const urlInputProps = { slotProps: { htmlInput: { maxLength: URL_MAX } }, fullWidth: true } as const;

/**
 * Every field of a cloud authentication server setting, grouped: connection (cloud URL, company id and
 * password, HTTP authentication mode, certificate), messages (push pass type, notify message flag, message
 * flag) and endpoints (callback, gateway, provisioning, smart token and PKI server URLs).
 * On edit the password is write-only: the form says whether one is stored, and an empty field keeps it.
 */
export const CloudConfigForm = ({
  edit = false,
  defaultValues,
}: {
  edit?: boolean;
  defaultValues?: Record<string, unknown>;
}) => {
  const translate = useTranslate();
  const validate = useMemo(
    () => ({
      cloudUrl: [requiredField(translate(`${T}.fields.cloudUrl`)), maxLength(URL_MAX), httpUrl],
      url: [maxLength(URL_MAX), httpUrl],
      companyId: [requiredField(translate(`${T}.fields.companyId`)), maxLength(CONFIG_LIMITS.companyId)],
      companyPassword: [maxLength(CONFIG_LIMITS.companyPassword)],
      httpAuthMode: [requiredField(translate(`${T}.fields.httpAuthMode`))],
      pushPassType: [maxLength(CONFIG_LIMITS.pushPassType)],
      certificate: [maxLength(CONFIG_LIMITS.certificate)],
    }),
    [translate],
  );
  return (
    <ResourceForm defaultValues={defaultValues} maxWidth={760}>
      <Section title={`${T}.sections.connection`} />
      <TextInput
        source="cloudUrl"
        validate={validate.cloudUrl}
        isRequired
        helperText={`${T}.helpers.url`}
        {...urlInputProps}
      />
      <TextInput
        source="companyId"
        validate={validate.companyId}
        isRequired
        slotProps={{ htmlInput: { maxLength: CONFIG_LIMITS.companyId } }}
        fullWidth
      />
      {edit && (
        <Labeled source="companyPasswordSet">
          <PasswordStateField />
        </Labeled>
      )}
      <PasswordInput
        source="companyPassword"
        label={edit ? `${T}.fields.newCompanyPassword` : undefined}
        helperText={edit ? `${T}.helpers.newCompanyPassword` : false}
        autoComplete="new-password"
        validate={validate.companyPassword}
        fullWidth
      />
      <SelectInput
        source="httpAuthMode"
        choices={httpAuthModeChoices}
        validate={validate.httpAuthMode}
        isRequired
      />
      <TextInput
        source="certificate"
        validate={validate.certificate}
        slotProps={{ htmlInput: { maxLength: CONFIG_LIMITS.certificate } }}
        helperText={`${T}.helpers.certificate`}
        multiline
        minRows={4}
        fullWidth
        sx={{ '& textarea': { fontFamily: 'monospace' } }}
      />
      <Section title={`${T}.sections.messages`} />
      <TextInput
        source="pushPassType"
        validate={validate.pushPassType}
        slotProps={{ htmlInput: { maxLength: CONFIG_LIMITS.pushPassType } }}
      />
      <SelectInput source="notifyMessageFlag" choices={notifyMessageFlagChoices} />
      <SelectInput source="messageFlag" choices={messageFlagChoices} />
      <Section title={`${T}.sections.endpoints`} />
      {URL_FIELDS.map((field) => (
        <TextInput
          key={field}
          source={field}
          validate={validate.url}
          helperText={`${T}.helpers.url`}
          {...urlInputProps}
        />
      ))}
    </ResourceForm>
  );
};
