import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useTheme,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import {
  type Count,
  type DashboardUid,
  type PanelData,
  REPORT_PROVIDER,
  type ReportPanel,
} from '../../../contract/report';
import { PlanCoverageSummary } from '../../components/plan/PlanCoverage';
import type { PortalDataProvider } from '../../dataProviders';
import { formatDate, formatDateParts, formatNumber } from '../../kit/dates';
import { errorNotification } from '../../kit/notifyError';
import type { Bar, Line } from './Charts';
import { StatusBars, TimeLines } from './LazyCharts';
import { CHART_HEIGHT } from './size';

const T = 'portal.dashboard';

/** Whose panels: the customer's (of the session, or the one an operator entered) or the provider's. */
export interface PanelScope {
  dashboard: DashboardUid;
  customerId: string | null;
}

/** The moments a ranged panel reads. */
export interface Moments {
  from: Date;
  to: Date;
}

/** One panel's figures: one query per panel, keyed by whose panel it is and, for a ranged one, the range. */
export const usePanel = (scope: PanelScope, panel: ReportPanel, range?: Moments) => {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const from = range?.from.toISOString();
  const to = range?.to.toISOString();
  return useQuery({
    queryKey: ['report', 'panel', scope.dashboard, scope.customerId, panel, from ?? null, to ?? null],
    queryFn: async () =>
      (
        await dataProvider.panel<PanelData>('report', {
          panel,
          ...(range ? { from, to } : {}),
          ...(scope.dashboard === 'provider' ? { meta: { customerId: REPORT_PROVIDER } } : {}),
        })
      ).data,
    retry: false,
  });
};

/** A panel's frame: its title (a level-2 heading naming the region), an optional action, its content. */
const PanelCard = ({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) => {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} sx={{ height: '100%', minWidth: 0 }}>
      <CardContent>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1 }}
        >
          <Typography id={id} variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
};

/** While the panel loads, a block of its size; when it failed, the server's message and Try again. */
const PanelState = ({
  query,
  height,
  children,
}: {
  query: UseQueryResult<PanelData>;
  height: number;
  children: (data: PanelData) => ReactNode;
}) => {
  const translate = useTranslate();
  if (query.isPending) return <Skeleton variant="rounded" height={height} data-testid="panel-loading" />;
  if (query.isError) {
    const [message, { messageArgs }] = errorNotification(query.error);
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" disabled={query.isFetching} onClick={() => query.refetch()}>
            {translate(`${T}.retry`)}
          </Button>
        }
      >
        {translate(message, { _: translate(`${T}.loadFailed`), ...messageArgs })}
      </Alert>
    );
  }
  return children(query.data);
};

/** What to do first when a panel has nothing to show yet. */
const EmptyState = ({ text, to, action }: { text: string; to?: string; action?: string }) => (
  <Stack spacing={1} sx={{ alignItems: 'flex-start', py: 2 }}>
    <Typography color="text.secondary">{text}</Typography>
    {to && action ? (
      <Button component={Link} to={to} variant="outlined" size="small">
        {action}
      </Button>
    ) : null}
  </Stack>
);

/**
 * A chart's figures as a table: always there for assistive technologies (visually hidden while the chart is
 * shown), and shown instead of the chart with "Show as table".
 */
const ChartTable = ({
  caption,
  head,
  rows,
  visible,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
  visible: boolean;
}) => (
  <Box sx={visible ? { overflowX: 'auto' } : visuallyHidden}>
    <Table size="small">
      <Box component="caption" sx={visuallyHidden}>
        {caption}
      </Box>
      <TableHead>
        <TableRow>
          {head.map((cell, index) => (
            <TableCell key={cell} align={index === 0 ? 'left' : 'right'}>
              {cell}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={String(row[0])}>
            {row.map((cell, index) =>
              index === 0 ? (
                <TableCell key={head[index]} component="th" scope="row">
                  {cell}
                </TableCell>
              ) : (
                <TableCell key={head[index]} align="right">
                  {cell}
                </TableCell>
              ),
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </Box>
);

/** The "Show as table" / "Show as chart" switch of a chart panel. */
const ViewSwitch = ({ table, onChange }: { table: boolean; onChange: (table: boolean) => void }) => {
  const translate = useTranslate();
  return (
    <Button size="small" aria-pressed={table} onClick={() => onChange(!table)}>
      {translate(table ? `${T}.showChart` : `${T}.showTable`)}
    </Button>
  );
};

const isEmpty = (counts: Count[]) => counts.every((count) => count.value === 0);

/** The colours of the statuses (as StatusField's chips: active green, new blue, pending amber, expired red…). */
const useStatusColour = () => {
  const { palette } = useTheme();
  const colours: Record<string, string> = {
    ACTIVE: palette.success.main,
    ACTIVATED: palette.success.main,
    STARTED: palette.success.main,
    APPROVED: palette.success.main,
    NEW: palette.info.main,
    SUBMITTED: palette.warning.main,
    PENDING: palette.warning.main,
    EXPIRED: palette.error.main,
    STOPPED: palette.grey[600],
    CANCELED: palette.grey[600],
    INACTIVE: palette.grey[600],
    FREE: palette.grey[600],
    NORMAL: palette.primary.main,
    ENTERPRISE: palette.secondary.main,
  };
  return (name: string) => colours[name] ?? palette.primary.main;
};

export interface EmptyText {
  text: string;
  to?: string;
  action?: string;
}

/** Counts by status (or tier) as bars named on their axis, with their table. */
export const CountsPanel = ({
  scope,
  panel,
  title,
  column,
  empty,
}: {
  scope: PanelScope;
  panel: ReportPanel;
  title: string;
  /** What a count is of: its status or its tier. */
  column: 'status' | 'tier';
  empty: EmptyText;
}) => {
  const translate = useTranslate();
  const query = usePanel(scope, panel);
  const colourOf = useStatusColour();
  const [table, setTable] = useState(false);
  const labelOf = (name: string) =>
    translate(column === 'tier' ? `portal.home.tiers.${name}` : `portal.status.${name}`, { _: name });
  const shown = query.data && !isEmpty(query.data.counts);
  return (
    <PanelCard title={title} action={shown ? <ViewSwitch table={table} onChange={setTable} /> : null}>
      <PanelState query={query} height={CHART_HEIGHT}>
        {({ counts }) => {
          if (isEmpty(counts)) return <EmptyState {...empty} />;
          const bars: Bar[] = counts.map((count) => ({
            label: labelOf(count.name),
            value: count.value,
            colour: colourOf(count.name),
          }));
          return (
            <>
              {table ? null : <StatusBars bars={bars} />}
              <ChartTable
                caption={title}
                head={[translate(`${T}.table.${column}`), translate(`${T}.table.count`)]}
                rows={bars.map((bar) => [bar.label, bar.value])}
                visible={table}
              />
            </>
          );
        }}
      </PanelState>
    </PanelCard>
  );
};

/** Figures side by side: the users' total, active and activated on the app, and against the plan; the customers'. */
export const FiguresPanel = ({
  scope,
  panel,
  title,
  empty,
}: {
  scope: PanelScope;
  panel: ReportPanel;
  title: string;
  empty: EmptyText;
}) => {
  const translate = useTranslate();
  const query = usePanel(scope, panel);
  return (
    <PanelCard title={title}>
      <PanelState query={query} height={72}>
        {({ counts }) => {
          const total = counts.find((count) => count.name === 'total');
          if (total ? total.value === 0 : isEmpty(counts)) return <EmptyState {...empty} />;
          // The users against the plan are said in a sentence ("501 users, plan covers 25"), not as figures.
          const planCovers = counts.find((count) => count.name === 'planCovers');
          const overPlan = counts.find((count) => count.name === 'overPlan');
          const figures = counts.filter((count) => count !== planCovers && count !== overPlan);
          return (
            <Stack spacing={2}>
              <Stack
                component="dl"
                direction="row"
                useFlexGap
                spacing={3}
                sx={{ flexWrap: 'wrap', m: 0, '& dd': { m: 0 } }}
              >
                {figures
                  .sort((a, b) => Number(b.name === 'total') - Number(a.name === 'total'))
                  .map((count) => (
                    <Stack key={count.name} sx={{ flexDirection: 'column-reverse' }}>
                      <Typography component="dt" color="text.secondary" variant="body2">
                        {translate(`${T}.figures.${count.name}`, {
                          _: translate(`portal.status.${count.name}`, { _: count.name }),
                        })}
                      </Typography>
                      <Typography component="dd" variant="h4" data-testid={`figure-${count.name}`}>
                        {formatNumber(count.value)}
                      </Typography>
                    </Stack>
                  ))}
              </Stack>
              {total && planCovers && (
                <PlanCoverageSummary
                  coverage={{
                    users: total.value,
                    planCovers: planCovers.value,
                    overPlan: overPlan?.value ?? 0,
                  }}
                />
              )}
            </Stack>
          );
        }}
      </PanelState>
    </PanelCard>
  );
};

/**
 * The start of a bucket, as the range's buckets read it (the dates' locale, kit/dates): in full for the table (18/11/2026, 11/2026,
 * 14:00 18/11/2026), short under the chart (18/11, 11/2026, 14:00).
 */
const timeLabel = (time: string, bucket: PanelData['bucket'], short = false) => {
  const moment = new Date(time);
  if (bucket === 'month') return formatDateParts(moment, { month: '2-digit', year: 'numeric' });
  if (bucket === 'hour')
    return short
      ? formatDateParts(moment, { hour: '2-digit', minute: '2-digit' })
      : formatDateParts(moment, {
          hour: '2-digit',
          minute: '2-digit',
          day: '2-digit',
          month: '2-digit',
          year: 'numeric',
        });
  return short ? formatDateParts(moment, { day: '2-digit', month: '2-digit' }) : formatDate(moment);
};

/** A range's ends as the page shows them. */
export const rangeLabel = (range: Moments) => {
  // The end is exclusive: a range of whole days ends at the next day's midnight, shown as the day before it.
  const last = new Date(range.to.getTime() - 1);
  return { from: formatDate(range.from), to: formatDate(last) };
};

/** Sign-ins, approvals and failures over the reporting range: a line each, with their table. */
export const SignInsPanel = ({
  scope,
  title,
  range,
  picker,
}: {
  scope: PanelScope;
  title: string;
  range: Moments;
  picker: ReactNode;
}) => {
  const translate = useTranslate();
  const query = usePanel(scope, 'sign-ins', range);
  const { palette } = useTheme();
  const [table, setTable] = useState(false);
  const hasSignIns = (data?: PanelData) =>
    !!data?.series.some(
      (point) => point.signIns + point.signInFailures + point.approvals + point.approvalFailures > 0,
    );
  return (
    <PanelCard
      title={title}
      action={hasSignIns(query.data) ? <ViewSwitch table={table} onChange={setTable} /> : null}
    >
      {picker}
      <PanelState query={query} height={CHART_HEIGHT}>
        {(data) => {
          if (!hasSignIns(data))
            return <EmptyState text={translate(`${T}.empty.signIns`, rangeLabel(range))} />;
          const times = data.series.map((point) => timeLabel(point.time, data.bucket));
          const lines: Line[] = [
            {
              label: translate(`${T}.series.signIns`),
              values: data.series.map((point) => point.signIns),
              colour: palette.primary.main,
              shape: 'circle',
            },
            {
              label: translate(`${T}.series.approvals`),
              values: data.series.map((point) => point.approvals),
              colour: palette.success.main,
              shape: 'square',
            },
            {
              label: translate(`${T}.series.failures`),
              values: data.series.map((point) => point.signInFailures + point.approvalFailures),
              colour: palette.error.main,
              shape: 'triangle',
            },
          ];
          return (
            <>
              {table ? null : (
                <TimeLines
                  times={data.series.map((point) => timeLabel(point.time, data.bucket, true))}
                  lines={lines}
                />
              )}
              <ChartTable
                caption={`${title} (${translate(`${T}.range.showing`, rangeLabel(range))})`}
                head={[translate(`${T}.table.time`), ...lines.map((line) => line.label)]}
                rows={times.map((time, index) => [time, ...lines.map((line) => line.values[index])])}
                visible={table}
              />
            </>
          );
        }}
      </PanelState>
    </PanelCard>
  );
};

/** The subscription: tier, status, users, expiry and the days left (warning under 30), and where to manage it. */
export const SubscriptionPanel = ({ scope, title }: { scope: PanelScope; title: string }) => {
  const translate = useTranslate();
  const query = usePanel(scope, 'subscription');
  const S = `${T}.subscription`;
  return (
    <PanelCard title={title}>
      <PanelState query={query} height={120}>
        {({ record }) => {
          if (!record)
            return (
              <EmptyState
                text={translate(`${T}.empty.subscription`)}
                to="/subscription"
                action={translate(`${T}.empty.subscriptionAction`)}
              />
            );
          const { daysLeft } = record;
          const colour =
            daysLeft === null
              ? 'text.secondary'
              : daysLeft < 0
                ? 'error.main'
                : daysLeft < 30
                  ? 'warning.main'
                  : 'text.secondary';
          const item = (label: string, value: ReactNode) => (
            <Box>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          );
          return (
            <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
                  gap: 1.5,
                  m: 0,
                  width: '100%',
                }}
              >
                {item(
                  translate(`${S}.tier`),
                  translate(`portal.home.tiers.${record.tier}`, { _: record.tier }),
                )}
                {item(
                  translate(`${S}.status`),
                  <Chip
                    size="small"
                    component="span"
                    label={translate(`portal.status.${record.status}`, { _: record.status })}
                    color={
                      record.status === 'ACTIVE'
                        ? 'success'
                        : record.status === 'EXPIRED'
                          ? 'error'
                          : 'default'
                    }
                  />,
                )}
                {item(translate(`${S}.users`), formatNumber(record.numberOfUsers))}
                {item(
                  translate(`${S}.expires`),
                  record.expireDate ? formatDate(record.expireDate) : translate(`${S}.noExpiry`),
                )}
              </Box>
              {daysLeft === null ? null : (
                <Typography color={colour} sx={{ fontWeight: 500 }} data-testid="days-left">
                  {daysLeft < 0
                    ? translate(`${S}.expiredAgo`, { smart_count: -daysLeft })
                    : translate(`${S}.daysLeft`, { smart_count: daysLeft })}
                </Typography>
              )}
              <Button component={Link} to="/subscription" variant="outlined" size="small">
                {translate(`${S}.manage`)}
              </Button>
            </Stack>
          );
        }}
      </PanelState>
    </PanelCard>
  );
};
