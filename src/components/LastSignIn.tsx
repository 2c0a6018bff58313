import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { GatewaySignIn } from '../../contract/gateway';
import { formatDate } from '../kit/dates';

/**
 * A connector's last sign-in through the gateway, in words: when, who, what was answered and why. `texts`
 * names the connector's catalogue group, whose `none` and `summary` (`%{at}`, `%{userName}`, `%{result}`)
 * say it.
 */
export const LastSignIn = ({ last, texts }: { last: GatewaySignIn | null | undefined; texts: string }) => {
  const translate = useTranslate();
  if (!last) return <Typography variant="body2">{translate(`${texts}.none`)}</Typography>;
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2">
        {translate(`${texts}.summary`, {
          at: formatDate(last.at, { time: true }),
          userName: last.userName,
          result: translate(`resources.users.gatewaySignIns.results.${last.result}`),
        })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(`resources.users.gatewaySignIns.reasons.${last.reason}`)}
      </Typography>
    </Stack>
  );
};
