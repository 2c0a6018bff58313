import TerminalIcon from '@mui/icons-material/Terminal';
import { FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  Form,
  TextInput,
  useDataProvider,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { isDomainName } from '../../../contract/rules';
import type { FederateScriptAnswer } from '../../../contract/saml';
import { CodeBlock } from '../../components/CodeBlock';
import { KEEP_TYPED } from '../../kit/keepTyped';
import { errorNotification } from '../../kit/notifyError';
import type { Saml } from './samlFields';

/**
 * The federation script of a Microsoft 365 domain (GET /saml/script/federate-script): the administrator
 * names the domain, chooses federate or unfederate, and gets the PowerShell to copy or download.
 */
const domainRule = (value: unknown) =>
  isDomainName(typeof value === 'string' ? value.trim() : '')
    ? undefined
    : 'resources.saml.validation.domain';

export const FederationPanel = () => {
  const record = useRecordContext<Saml>();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [unFederate, setUnFederate] = useState<'0' | '1'>('0');
  const [loading, setLoading] = useState(false);
  const [answer, setAnswer] = useState<FederateScriptAnswer | null>(null);
  if (!record) return null;

  const generate = async (values: { domain?: string }) => {
    setLoading(true);
    setAnswer(null);
    try {
      const { data } = await dataProvider.federateScript('saml', {
        id: record.id,
        domain: (values.domain ?? '').trim(),
        unFederate,
      });
      setAnswer(data as FederateScriptAnswer);
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form noValidate defaultValues={{ domain: '' }} resetOptions={KEEP_TYPED} onSubmit={generate}>
      <Stack spacing={2} sx={{ maxWidth: 900, width: '100%' }}>
        <Typography variant="body2" color="text.secondary">
          {translate('resources.saml.federation.intro')}
        </Typography>
        <TextInput
          source="domain"
          label="resources.saml.federation.domain"
          validate={domainRule}
          helperText="resources.saml.federation.domainHelp"
          isRequired
          sx={{ maxWidth: 420 }}
        />
        <RadioGroup
          row
          value={unFederate}
          onChange={(event) => setUnFederate(event.target.value === '1' ? '1' : '0')}
          aria-label={translate('resources.saml.federation.action')}
        >
          <FormControlLabel
            value="0"
            control={<Radio />}
            label={translate('resources.saml.federation.federate')}
          />
          <FormControlLabel
            value="1"
            control={<Radio />}
            label={translate('resources.saml.federation.unfederate')}
          />
        </RadioGroup>
        <div>
          <Button
            type="submit"
            label="resources.saml.federation.generate"
            variant="contained"
            disabled={loading}
          >
            <TerminalIcon />
          </Button>
        </div>
        {answer && (
          <CodeBlock
            label="resources.saml.federation.script"
            text={answer.script}
            fileName={answer.fileName}
            mimeType="text/plain"
          />
        )}
      </Stack>
    </Form>
  );
};
