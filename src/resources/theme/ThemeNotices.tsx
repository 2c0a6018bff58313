import { Alert, Stack } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { tokenPackNames } from './ThemeColumns';
import { isLocked, T, type Theme } from './themeFields';

/** Why the theme cannot be edited (a token pack shows it), and why the provider rejected it. */
export const ThemeNotices = () => {
  const record = useRecordContext<Theme>();
  const translate = useTranslate();
  if (!record) return null;
  const locked = isLocked(record);
  if (!locked && record.status !== 'REJECTED') return null;
  return (
    <Stack spacing={1} sx={{ width: '100%', mb: 2 }}>
      {locked ? (
        <Alert severity="info">{translate(`${T}.locked`, { names: tokenPackNames(record) })}</Alert>
      ) : null}
      {record.status === 'REJECTED' ? (
        <Alert severity="error">{translate(`${T}.rejected`, { reason: record.rejectReason ?? '' })}</Alert>
      ) : null}
    </Stack>
  );
};
