import CableIcon from '@mui/icons-material/Cable';
import { Alert, AlertTitle, Box, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, useDataProvider, useNotify, useRecordContext, useStore, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { TestConnectionAnswer } from '../../../contract/directory';
import { errorNotification } from '../../kit/notifyError';
import { type Directory, missingFields, passwordWritableKey, toDirectoryBody } from './directoryFields';

type Result = TestConnectionAnswer & { type: string };

/**
 * Test Connection (docs/requirements/portal-validation.md): checks the chosen type's mandatory fields first (a stored password or secret
 * counts), then asks the server to connect with the form's settings, and shows what it answered under the
 * button: 'Connection is successful!' or "Can't connect to LDAP server!" with the reason and its detail.
 */
export const TestConnectionButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const record = useRecordContext<Directory>();
  const { getValues } = useFormContext();
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  // What the test told of the account's right to write passwords, kept for the directory's Users tab.
  const [, setPasswordWritable] = useStore<boolean | null>(passwordWritableKey(record?.id ?? 'new'), null);

  const test = async () => {
    const values = getValues();
    if (missingFields(values, record).length > 0) {
      setResult(null);
      notify('resources.ldap.test.mandatory', { type: 'warning' });
      return;
    }
    setTesting(true);
    setResult(null);
    try {
      const { data } = await dataProvider.testConnection('ldap', {
        data: { ...toDirectoryBody(values), ...(record?.id ? { id: record.id } : {}) },
      });
      const answer = data as TestConnectionAnswer;
      setResult({ ...answer, type: String(values.type) });
      if (record?.id && answer.success) setPasswordWritable(answer.passwordWritable ?? null);
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setTesting(false);
    }
  };

  const headline = (answer: Result) =>
    answer.success
      ? translate('resources.ldap.test.success')
      : translate(
          answer.type === 'LDAP' ? 'resources.ldap.test.failure' : 'resources.ldap.test.failureOther',
        );

  return (
    <Box sx={{ width: '100%' }}>
      <Button
        label={testing ? 'resources.ldap.test.testing' : 'resources.ldap.test.button'}
        onClick={test}
        disabled={testing}
        variant="outlined"
      >
        {testing ? <CircularProgress size={16} aria-hidden /> : <CableIcon />}
      </Button>
      <Box role="status" aria-live="polite" sx={{ mt: result ? 2 : 0 }}>
        {result && (
          <Alert severity={result.success ? 'success' : 'error'}>
            <AlertTitle>{headline(result)}</AlertTitle>
            {result.success && result.entries !== null && (
              <Typography variant="body2">
                {translate('resources.ldap.test.entries', { smart_count: result.entries })}
              </Typography>
            )}
            {result.success && result.passwordWritable === false && (
              <Typography variant="body2">{translate('resources.ldap.test.passwordReadOnly')}</Typography>
            )}
            {!result.success && result.reason && (
              <Typography variant="body2">
                {translate(`resources.ldap.test.reasons.${result.reason}`)}
              </Typography>
            )}
            {!result.success && result.detail && (
              <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                {result.detail}
              </Typography>
            )}
          </Alert>
        )}
      </Box>
    </Box>
  );
};
