import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { maxLength, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ACCOUNT_LIMITS } from '../../../contract/account';
import { CUSTOMER_LIMITS } from '../../../contract/customer';
import { EMAIL_MAX_LENGTH } from '../../../contract/rules';
import { type ContactBody, SELF_SERVICE_LIMITS } from '../../../contract/selfService';
import { requiredField, validEmail } from '../../components/validators';
import { PAGE_PATH } from '../../layout/paths';
import { PublicCardPage } from '../../layout/public/PublicCardPage';
import { isLive, sessionStore } from '../../session';
import { FormTextField, SubmitArea } from '../self-service/Fields';
import { Outcome } from '../self-service/Outcome';
import { selfServiceApi } from '../self-service/selfServiceApi';
import { usePublicForm } from '../self-service/usePublicForm';

type ContactField = keyof ContactBody;

const FIELDS: readonly {
  field: ContactField;
  max: number;
  required?: boolean;
  type?: 'email' | 'tel';
  autoComplete?: string;
  rows?: number;
}[] = [
  { field: 'name', max: SELF_SERVICE_LIMITS.contactName, required: true, autoComplete: 'name' },
  { field: 'email', max: EMAIL_MAX_LENGTH, required: true, type: 'email', autoComplete: 'email' },
  { field: 'company', max: CUSTOMER_LIMITS.companyName, autoComplete: 'organization' },
  { field: 'phone', max: ACCOUNT_LIMITS.contactNumber, type: 'tel', autoComplete: 'tel' },
  { field: 'subject', max: SELF_SERVICE_LIMITS.contactSubject, required: true },
  { field: 'message', max: SELF_SERVICE_LIMITS.contactMessage, required: true, rows: 5 },
];

/** A signed-in visitor's name and email, to start with. */
const signedInVisitor = () => {
  const session = sessionStore.get();
  const user = isLive(session) ? session.user : undefined;
  return {
    name: [user?.firstName, user?.lastName].filter(Boolean).join(' '),
    email: user?.email ?? '',
    company: user?.customerName ?? '',
  };
};

/**
 * /contact-us (docs/requirements/portal-routes-and-menus.md): a visitor writes to the operator. Name, email,
 * subject and message are required; company and phone are not. The server mails it (and counts such
 * messages: a 429 says how long to wait).
 */
export const ContactUsPage = () => {
  const translate = useTranslate();
  const [sent, setSent] = useState(false);
  const [start] = useState(signedInVisitor);
  const label = (field: ContactField) => translate(`portal.selfService.contact.fields.${field}`);
  const form = usePublicForm({
    initialValues: { ...start, phone: '', subject: '', message: '' },
    rules: Object.fromEntries(
      FIELDS.map(({ field, max, required }) => [
        field,
        [
          ...(required ? [requiredField(label(field))] : []),
          ...(field === 'email' ? [validEmail] : []),
          maxLength(max),
        ],
      ]),
    ),
  });

  const send = async (values: typeof form.values) => {
    const optional = (text: string) => (text.trim() ? text.trim() : undefined);
    await selfServiceApi.contactUs({
      name: values.name.trim(),
      email: values.email.trim(),
      company: optional(values.company),
      phone: optional(values.phone),
      subject: values.subject.trim(),
      message: values.message.trim(),
    });
    setSent(true);
  };

  return (
    <PublicCardPage
      title="portal.selfService.contact.title"
      subtitle={sent ? undefined : translate('portal.selfService.contact.intro')}
      maxWidth={640}
    >
      {sent ? (
        <Outcome
          severity="success"
          title={translate('portal.selfService.contact.sentTitle')}
          actions={
            <Button variant="contained" component={RouterLink} to={PAGE_PATH.root}>
              {translate('portal.selfService.contact.done')}
            </Button>
          }
        >
          {translate('portal.selfService.contact.sent')}
        </Outcome>
      ) : (
        <Box component="form" onSubmit={form.onSubmit(send)} noValidate>
          <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {FIELDS.map(({ field, max, required, type, autoComplete, rows }) => (
              <Box key={field} sx={{ gridColumn: rows || field === 'subject' ? '1 / -1' : undefined }}>
                <FormTextField
                  {...form.text(field)}
                  label={label(field)}
                  type={type}
                  autoComplete={autoComplete}
                  autoFocus={field === 'name' && !start.name}
                  required={required}
                  maxLength={max}
                  rows={rows}
                />
              </Box>
            ))}
          </Box>
          <SubmitArea
            failure={form.failure}
            sending={form.sending}
            label="portal.selfService.contact.submit"
          />
        </Box>
      )}
    </PublicCardPage>
  );
};
