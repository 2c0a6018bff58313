import CheckIcon from '@mui/icons-material/Check';
import RemoveIcon from '@mui/icons-material/Remove';
import {
  Alert,
  Box,
  Chip,
  FormControlLabel,
  Stack,
  Switch,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Loading, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { EffectivePermission } from '../../contract/account';
import type { PortalDataProvider } from '../dataProviders';
import { errorNotification } from '../kit/notifyError';
import { SimpleTable } from '../kit/SimpleTable';

const T = 'portal.effective';

/**
 * _Effective permissions_ of an account or a role: every permission of the catalogue, allowed or not, and
 * the roles that give it, as the server reads them (an account's by the rule its guard enforces,
 * server/auth/guard.ts grantOf). `resource`'s texts say what the page is about (`effective.intro`, and
 * `effective.noRole` when nothing is allowed).
 */
export function EffectivePermissions({ resource }: { resource: 'account' | 'role' }) {
  const record = useRecordContext<{ id: string }>();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const translate = useTranslate();
  const [onlyAllowed, setOnlyAllowed] = useState(false);
  const { data, error, isPending, refetch } = useQuery({
    queryKey: [resource, 'effectivePermissions', record?.id],
    queryFn: async () =>
      (await dataProvider.effectivePermissions<EffectivePermission[]>(resource, { id: record!.id })).data,
    enabled: record !== undefined,
  });
  if (error) {
    const [message, { messageArgs }] = errorNotification(error);
    return (
      <Alert
        severity="error"
        action={<Button label="portal.list.retry" color="inherit" onClick={() => void refetch()} />}
      >
        {translate(message, messageArgs)}
      </Alert>
    );
  }
  if (isPending || !data) return <Loading />;
  const allowed = data.filter((entry) => entry.allowed);
  const shown = onlyAllowed ? allowed : data;
  return (
    <Stack spacing={2} sx={{ py: 1 }}>
      <Typography color="text.secondary">{translate(`resources.${resource}.effective.intro`)}</Typography>
      {allowed.length === 0 ? (
        <Alert severity="info">{translate(`resources.${resource}.effective.noRole`)}</Alert>
      ) : null}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography>{translate(`${T}.count`, { allowed: allowed.length, total: data.length })}</Typography>
        <FormControlLabel
          control={
            <Switch checked={onlyAllowed} onChange={(event) => setOnlyAllowed(event.target.checked)} />
          }
          label={translate(`${T}.onlyAllowed`)}
        />
      </Stack>
      {/* Width 0 and min-width 100%: a table wider than a phone scrolls within the page, not the page. */}
      <Box sx={{ width: 0, minWidth: '100%', overflowX: 'auto' }}>
        <SimpleTable
          label={`${T}.tab`}
          headings={[`${T}.asset`, `${T}.action`, `${T}.allowed`, `${T}.grantedBy`]}
        >
          {shown.map((entry) => (
            <TableRow key={`${entry.resource}:${entry.action}`}>
              <TableCell>{entry.assetName}</TableCell>
              <TableCell>
                {translate(`resources.asset.actionNames.${entry.action}`, { _: entry.action })}
              </TableCell>
              <TableCell>
                {entry.allowed ? (
                  <Chip size="small" color="success" icon={<CheckIcon />} label={translate(`${T}.yes`)} />
                ) : (
                  <Chip size="small" variant="outlined" icon={<RemoveIcon />} label={translate(`${T}.no`)} />
                )}
              </TableCell>
              <TableCell>{entry.roles.map((role) => role.name).join(', ')}</TableCell>
            </TableRow>
          ))}
        </SimpleTable>
      </Box>
    </Stack>
  );
}
