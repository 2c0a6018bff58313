import { Alert, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { WhoCan } from '../../../contract/asset';
import type { PortalDataProvider } from '../../dataProviders';
import { errorNotification } from '../../kit/notifyError';
import { SimpleTable } from '../../kit/SimpleTable';

const T = 'resources.asset.whoCan';

/** The query of an asset's Who can (the matrix's save refreshes it). */
export const whoCanKey = (assetId: string) => ['asset', 'whoCan', assetId];

/**
 * _Who can_ on a permission asset's matrix: for each action, the active accounts whose roles give it, by
 * the condition the server's guard checks (server/auth/guard.ts grants), with their number.
 */
export function WhoCanSection({ assetId }: { assetId: string }) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const translate = useTranslate();
  const { data, error } = useQuery({
    queryKey: whoCanKey(assetId),
    queryFn: async () => (await dataProvider.whoCan<WhoCan[]>('asset', { assetId })).data,
  });
  if (error) {
    const [message, { messageArgs }] = errorNotification(error);
    return <Alert severity="error">{translate(message, messageArgs)}</Alert>;
  }
  if (!data) return null;
  return (
    <Stack spacing={1} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2">
        {translate(`${T}.title`)}
      </Typography>
      <Typography color="text.secondary">{translate(`${T}.intro`)}</Typography>
      <SimpleTable label={`${T}.title`} headings={[`${T}.action`, `${T}.accounts`]}>
        {data.map((entry) => {
          const names = entry.accounts.map((one) =>
            one.customerName ? `${one.email} (${one.customerName})` : one.email,
          );
          const more = entry.total - entry.accounts.length;
          return (
            <TableRow key={entry.action}>
              <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                {translate(`resources.asset.actionNames.${entry.action}`, { _: entry.action })}
                <Typography variant="body2" color="text.secondary">
                  {translate(`${T}.count`, { smart_count: entry.total })}
                </Typography>
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {names.length === 0 ? translate(`${T}.nobody`) : names.join(', ')}
                {more > 0 ? ` ${translate(`${T}.more`, { smart_count: more })}` : null}
              </TableCell>
            </TableRow>
          );
        })}
      </SimpleTable>
    </Stack>
  );
}
