import { Alert, Button, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslate } from 'react-admin';
import { REPORT_UNITS, type ReportUnit } from '../../../contract/report';
import { formatDay, parseDay } from '../../kit/dates';
import { type Moments, rangeLabel } from './Panels';
import { dayOf, type RangeChoice, rangeProblem } from './range';

const T = 'portal.dashboard.range';

/**
 * The reporting range (docs/requirements/billing-services-states.md): one unit back from now (a choice applies at once), or two days typed in
 * and applied; Reset goes back to the default. Days that do not make a range say why and are not applied.
 */
export const RangePicker = ({
  choice,
  moments,
  onChange,
  onReset,
}: {
  choice: RangeChoice;
  moments: Moments;
  onChange: (choice: RangeChoice) => void;
  onReset: () => void;
}) => {
  const translate = useTranslate();
  const lastDay = new Date(moments.to.getTime() - 1);
  // The days as typed, in the dates' rule (25/11/2026); the address and the server get `yyyy-mm-dd`.
  const [from, setFrom] = useState(formatDay(dayOf(moments.from)));
  const [to, setTo] = useState(formatDay(dayOf(lastDay)));
  const [problem, setProblem] = useState<string | null>(null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const first = parseDay(from);
    const last = parseDay(to);
    const found = first && last ? rangeProblem(first, last) : 'invalidDate';
    setProblem(found);
    if (first && last && !found) onChange({ kind: 'dates', from: first, to: last });
  };

  /** A day's input: text in the dates' rule rather than the browser's own date input (its locale's order). */
  const dayInput = (label: 'from' | 'to', value: string, set: (value: string) => void) => (
    <TextField
      id={`range-${label}`}
      size="small"
      label={translate(`${T}.${label}`)}
      value={value}
      onChange={(event) => set(event.target.value)}
      error={!!problem}
      placeholder={translate(`${T}.pattern`)}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
      }}
      helperText={translate(`${T}.pattern`)}
      sx={{ width: 150 }}
    />
  );

  return (
    <Stack spacing={1.5} sx={{ mb: 2 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        aria-label={translate(`${T}.label`)}
        value={choice.kind === 'unit' ? choice.unit : null}
        onChange={(_, unit: ReportUnit | null) => {
          if (unit) {
            setProblem(null);
            onChange({ kind: 'unit', unit });
          }
        }}
        sx={{ flexWrap: 'wrap' }}
      >
        {REPORT_UNITS.map((unit) => (
          <ToggleButton key={unit} value={unit} sx={{ textTransform: 'none' }}>
            {translate(`${T}.units.${unit}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Stack
        component="form"
        noValidate
        onSubmit={apply}
        direction="row"
        useFlexGap
        spacing={1}
        sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        {dayInput('from', from, setFrom)}
        {dayInput('to', to, setTo)}
        <Button type="submit" variant="outlined">
          {translate(`${T}.apply`)}
        </Button>
        <Button
          onClick={() => {
            setProblem(null);
            onReset();
          }}
        >
          {translate(`${T}.reset`)}
        </Button>
      </Stack>
      {problem ? (
        <Alert severity="error" role="alert">
          {translate(`${T}.${problem}`)}
        </Alert>
      ) : null}
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {translate(`${T}.showing`, rangeLabel(moments))}
      </Typography>
    </Stack>
  );
};
