import { Alert, Stack, Typography } from '@mui/material';
import { Button, type RaRecord, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { PlanCoverage } from '../../../contract/billing';
import { StateChip } from '../../kit/StateChip';

/**
 * The plan's user count as the portal says it (README, "The plan's user count"; the server's rule is
 * server/features/subscription/coverage.ts): "501 users, plan covers 25", who is over the plan, and the way
 * to cover more (the subscription's Add users).
 */

const T = 'portal.plan';

/** A subscription to add users to, with its tier (what its Add users opens on); null: none in force. */
export interface PlanRef {
  subscriptionId?: string | null;
  tierId?: string | null;
}

/** The subscription's Add users (its edit flow), or the subscriptions page when there is none to name. */
export const addUsersPath = ({ subscriptionId, tierId }: PlanRef): string =>
  subscriptionId && tierId
    ? `/subscription?${new URLSearchParams({ action: 'edit', subscriptionId, tierId, step: '1' })}`
    : '/subscription';

/** Add users (or, without a subscription to name, the subscriptions page), as a link. */
export const AddUsersButton = ({ plan = {} }: { plan?: PlanRef }) => (
  <Button
    component={Link}
    to={addUsersPath(plan)}
    label={plan.subscriptionId ? `${T}.addUsers` : `${T}.subscribe`}
    color="inherit"
  />
);

/** "501 users, plan covers 25", and a warning with Add users when some are over the plan. */
export const PlanCoverageSummary = ({ coverage }: { coverage: PlanCoverage }) => {
  const translate = useTranslate();
  return (
    <Stack spacing={1}>
      <Typography variant="body2" data-testid="plan-coverage">
        {translate(`${T}.coverage`, { smart_count: coverage.users, planCovers: coverage.planCovers })}
      </Typography>
      {coverage.overPlan > 0 && (
        <Alert severity="warning" action={<AddUsersButton />}>
          {translate(`${T}.overPlan`, { smart_count: coverage.overPlan })}
        </Alert>
      )}
    </Stack>
  );
};

/** What a generation answers beside its count (contract PlanLeftOut). */
export interface LeftOutAnswer extends PlanRef {
  leftOut?: number;
  planCovers?: number;
}

/**
 * The notice of a generation that left users out: "Generated 25 activation codes. 476 users are over the
 * plan's 25 and were left out.", with Add users one click away.
 */
export const LeftOutNotice = ({
  generated,
  answer,
}: {
  /** The generation's own sentence (translated). */
  generated: string;
  answer: LeftOutAnswer;
}) => {
  const translate = useTranslate();
  const leftOut = answer.subscriptionId
    ? translate(`${T}.leftOut`, { smart_count: answer.leftOut ?? 0, planCovers: answer.planCovers ?? 0 })
    : translate(`${T}.leftOutNoPlan`, { smart_count: answer.leftOut ?? 0 });
  return (
    <Alert severity="warning" variant="filled" action={<AddUsersButton plan={answer} />}>
      {`${generated}. ${leftOut}`}
    </Alert>
  );
};

/** A user over the plan, as a chip (nothing for the others). */
export const OverPlanChip = (_: { label?: string; source?: string }) => {
  const record = useRecordContext<RaRecord & { overPlan?: boolean }>();
  if (!record?.overPlan) return null;
  return <StateChip text={() => `${T}.overPlanChip`} color={() => 'warning'} />;
};
