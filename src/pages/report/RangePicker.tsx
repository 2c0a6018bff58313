import { Alert, Button, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslate } from 'react-admin';
import { REPORT_UNITS, type ReportUnit } from '../../../contract/report';
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
  const [from, setFrom] = useState(dayOf(moments.from));
  const [to, setTo] = useState(dayOf(lastDay));
  const [problem, setProblem] = useState<string | null>(null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeProblem(from, to);
    setProblem(found);
    if (!found) onChange({ kind: 'dates', from, to });
  };

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
        sx={{ flexWrap: 'wrap', alignItems: 'center' }}
      >
        <TextField
          type="date"
          size="small"
          label={translate(`${T}.from`)}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          error={!!problem}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 170 }}
        />
        <TextField
          type="date"
          size="small"
          label={translate(`${T}.to`)}
          value={to}
          onChange={(event) => setTo(event.target.value)}
          error={!!problem}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 170 }}
        />
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
