import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { Box, Button, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/**
 * A list whose page could not be loaded: says so in place of the rows (rather than "No … found"), with
 * the server's reason (a server error's reference included, which the notification also showed but does
 * not keep) and a button that asks again. The theme hides the pagination beside it (theme.ts, RaList).
 */
export const ListError = () => {
  const translate = useTranslate();
  const { error, refetch, isFetching } = useListContext();
  const message = error?.message;
  return (
    <Box role="alert" className="ListError-root" sx={{ textAlign: 'center', p: 3 }}>
      <ErrorOutline color="error" sx={{ fontSize: 48 }} aria-hidden />
      <Typography variant="h6" component="p" gutterBottom>
        {translate('portal.list.loadFailed')}
      </Typography>
      {message ? (
        <Typography color="text.secondary" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
          {translate(message, { _: message })}
        </Typography>
      ) : null}
      <Button variant="outlined" onClick={() => refetch()} disabled={isFetching}>
        {translate('portal.list.retry')}
      </Button>
    </Box>
  );
};
