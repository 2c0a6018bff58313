import { Skeleton } from '@mui/material';
import { type ComponentProps, lazy, Suspense } from 'react';
import type { StatusBars as Bars, TimeLines as Lines } from './Charts';
import { CHART_HEIGHT } from './size';

/**
 * The charts, loaded on first use: @mui/x-charts (about 113 kB gzip) is only in the chunk of ./Charts, which
 * the dashboard asks for after its shell and figures are drawn. Until it is there, a block of the chart's size.
 */
const StatusBarsChart = lazy(() => import('./Charts').then((module) => ({ default: module.StatusBars })));
const TimeLinesChart = lazy(() => import('./Charts').then((module) => ({ default: module.TimeLines })));

export const ChartSkeleton = () => <Skeleton variant="rounded" height={CHART_HEIGHT} />;

export const StatusBars = (props: ComponentProps<typeof Bars>) => (
  <Suspense fallback={<ChartSkeleton />}>
    <StatusBarsChart {...props} />
  </Suspense>
);

export const TimeLines = (props: ComponentProps<typeof Lines>) => (
  <Suspense fallback={<ChartSkeleton />}>
    <TimeLinesChart {...props} />
  </Suspense>
);
