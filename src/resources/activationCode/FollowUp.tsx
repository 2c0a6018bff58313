import { Box, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { type RaRecord, useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import {
  ACTIVATION_CODE_TTL_DAYS,
  type ActivationSummary,
  type ReissueAnswer,
} from '../../../contract/activationCode';
import type { PortalDataProvider } from '../../dataProviders';
import { ActionButton } from '../../kit/ActionButton';
import { formatNumber } from '../../kit/dates';
import { RESOURCE, T } from './model';

/** One count of the summary: its name over its number. */
const Figure = ({ label, value }: { label: string; value: number }) => {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography variant="h6" component="div">
        {formatNumber(value)}
      </Typography>
    </Box>
  );
};

/**
 * How the pack's activation is going, above its codes: pending (not activated, not expired), expired and
 * activated, with the share activated; and, to whoever may change the codes, Re-issue expired: new codes for
 * the expired ones, emailed to their users.
 */
export const ActivationFollowUp = ({ tokenPackId }: { tokenPackId: string }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const titleId = useId();
  const { canAccess: canChange } = useCanAccess({ resource: RESOURCE, action: 'configure' });
  const { data } = useQuery({
    queryKey: [RESOURCE, 'summary', { tokenPackId }],
    queryFn: async () => (await dataProvider.summary(RESOURCE, { tokenPackId })).data as ActivationSummary,
  });
  if (!data || data.total === 0) return null;
  const share = data.activated / data.total;
  const percent = formatNumber(share, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography id={titleId} variant="subtitle1" component="h2">
        {translate(`${T}.followUp.title`)}
      </Typography>
      <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap', my: 1 }}>
        <Figure label={`${T}.followUp.pending`} value={data.pending} />
        <Figure label={`${T}.followUp.expired`} value={data.expired} />
        <Figure label={`${T}.followUp.activated`} value={data.activated} />
      </Stack>
      <LinearProgress
        variant="determinate"
        value={share * 100}
        aria-label={translate(`${T}.followUp.shareLabel`)}
        aria-valuetext={percent}
        sx={{ height: 8, borderRadius: 1 }}
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mt: 1, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="body2">
          {translate(`${T}.followUp.share`, {
            share: percent,
            activated: formatNumber(data.activated),
            total: formatNumber(data.total),
          })}
        </Typography>
        {canChange && data.expired > 0 && (
          <ActionButton<RaRecord, { data: ReissueAnswer }>
            label={`${T}.followUp.reissue`}
            variant="outlined"
            on="none"
            resource={RESOURCE}
            action="reissueExpired"
            params={() => ({ tokenPackId })}
            confirm={{
              title: `${T}.followUp.confirmTitle`,
              content: `${T}.followUp.confirmContent`,
              options: {
                count: formatNumber(data.expired),
                smart_count: data.expired,
                days: ACTIVATION_CODE_TTL_DAYS,
              },
            }}
            success={({ data: answer }) => [
              `${T}.followUp.reissued`,
              {
                type: 'info',
                messageArgs: {
                  smart_count: answer.reissued,
                  count: formatNumber(answer.reissued),
                  queued: formatNumber(answer.queued),
                  skipped: formatNumber(answer.skipped),
                },
              },
            ]}
          />
        )}
      </Stack>
    </Paper>
  );
};
