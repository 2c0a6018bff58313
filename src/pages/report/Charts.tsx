import { Box } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { CHART_HEIGHT } from './size';

/**
 * The dashboard's charts: the only module that imports @mui/x-charts, loaded with React.lazy by the
 * dashboard (src/pages/report/LazyCharts.tsx), so that its code is in the report page's chunks only.
 * A chart is a picture of a table drawn beside it (ChartTable): it is hidden from assistive technologies and
 * out of the tab order; the table is what they read.
 */

/** The least height of a bar whose count is not 0, in pixels. */
export const MIN_BAR_PX = 6;

export interface Bar {
  /** The shown name (a translated status or tier). */
  label: string;
  value: number;
  colour: string;
}

/** Counts by status: one bar per status, named on the axis under it (not by colour alone). */
export const StatusBars = ({ bars }: { bars: Bar[] }) => (
  <Box aria-hidden data-testid="chart" sx={{ width: '100%', minWidth: 0 }}>
    <BarChart
      height={CHART_HEIGHT}
      disableKeyboardNavigation
      hideLegend
      xAxis={[
        {
          scaleType: 'band',
          data: bars.map((bar) => bar.label),
          colorMap: { type: 'ordinal', colors: bars.map((bar) => bar.colour) },
        },
      ]}
      // Room above the highest bar for its value.
      yAxis={[
        {
          tickMinStep: 1,
          width: 40,
          domainLimit: (min, max) => ({ min, max: Math.ceil(Number(max) * 1.2) }),
        },
      ]}
      // Every bar says its value, 0 included; a small count beside a large one (1 beside 500) is drawn at
      // least MIN_BAR_PX high rather than as a hairline.
      series={[
        {
          data: bars.map((bar) => bar.value),
          barLabel: (item) => String(item.value ?? 0),
          barLabelPlacement: 'outside',
          minBarSize: MIN_BAR_PX,
        },
      ]}
      margin={{ left: 0, right: 8, top: 16, bottom: 0 }}
    />
  </Box>
);

export interface Line {
  label: string;
  values: number[];
  colour: string;
  shape: 'circle' | 'square' | 'triangle' | 'diamond';
}

/** Sign-ins over time: one line per figure, each with its own mark shape and named in the legend. */
export const TimeLines = ({ times, lines }: { times: string[]; lines: Line[] }) => (
  <Box aria-hidden data-testid="chart" sx={{ width: '100%', minWidth: 0 }}>
    <LineChart
      height={CHART_HEIGHT}
      disableKeyboardNavigation
      // Points by index (two buckets may read alike, 10:00 yesterday and today), named by their time.
      xAxis={[
        {
          scaleType: 'point',
          data: times.map((_, index) => index),
          valueFormatter: (index: number) => times[index] ?? '',
        },
      ]}
      yAxis={[{ tickMinStep: 1, width: 40 }]}
      series={lines.map((line) => ({
        data: line.values,
        label: line.label,
        color: line.colour,
        shape: line.shape,
        showMark: true,
        curve: 'linear' as const,
      }))}
      slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'center' } } }}
      margin={{ left: 0, right: 24, top: 8, bottom: 0 }}
    />
  </Box>
);
