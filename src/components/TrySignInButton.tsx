import LaunchIcon from '@mui/icons-material/Launch';
import { Button } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

/**
 * _Try sign-in_ on a connector's page: the gateway's own test of the connector, in a new tab (sign in as a
 * test user; the gateway then shows what the application would receive). `url` reads it from the record.
 */
export const TrySignInButton = <T extends Record<string, unknown>>({
  url,
  texts,
}: {
  url: (record: T) => string | undefined;
  /** The resource's texts: `label` and `hint`. */
  texts: string;
}) => {
  const record = useRecordContext<T>();
  const translate = useTranslate();
  const href = record ? url(record) : undefined;
  if (!href) return null;
  return (
    <Button
      href={href}
      target="_blank"
      rel="noopener"
      size="small"
      startIcon={<LaunchIcon />}
      title={translate(`${texts}.hint`)}
    >
      {translate(`${texts}.label`)}
    </Button>
  );
};
