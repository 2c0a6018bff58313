import { Chip, Link, Stack, Typography } from '@mui/material';
import { Fragment } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { packsOf, T, type Theme } from './themeFields';

/** ACTIVE (green) or REJECTED (red), and under a rejected theme the provider's reason. */
export const ThemeStatusField = (_: { source?: string; label?: string }) => {
  const record = useRecordContext<Theme>();
  const translate = useTranslate();
  if (!record) return null;
  const rejected = record.status === 'REJECTED';
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip
        size="small"
        color={rejected ? 'error' : 'success'}
        label={translate(`${T}.status.${record.status}`, { _: record.status })}
      />
      {rejected && record.rejectReason ? (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'normal' }}>
          {record.rejectReason}
        </Typography>
      ) : null}
    </Stack>
  );
};

/** The token packs showing the theme, each a link to its page; "None" without any. */
export const TokenPacksField = (_: { source?: string; label?: string }) => {
  const record = useRecordContext<Theme>();
  const translate = useTranslate();
  if (!record) return null;
  const packs = packsOf(record);
  if (packs.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate(`${T}.noTokenPack`)}
      </Typography>
    );
  return (
    <Typography variant="body2" component="span">
      {packs.map((pack, index) => (
        <Fragment key={pack.id}>
          {index > 0 ? ', ' : null}
          <Link
            component={RouterLink}
            to={`/token-pack-v2/${encodeURIComponent(pack.id)}/show`}
            onClick={(event) => event.stopPropagation()}
          >
            {pack.name}
          </Link>
        </Fragment>
      ))}
    </Typography>
  );
};

/** The names of the token packs showing the theme, for the lock message. */
export const tokenPackNames = (record: Partial<Pick<Theme, 'tokenPacks'>>): string =>
  packsOf(record)
    .map((pack) => pack.name)
    .join(', ');
