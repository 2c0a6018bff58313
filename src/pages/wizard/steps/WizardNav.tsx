import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Box, Button, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';

export interface WizardNavProps {
  first: boolean;
  onBack: () => void;
  onNext: () => void;
  /** The forward button's label (a catalogue key): Next by default. */
  nextLabel?: string;
  nextDisabled?: boolean;
  busy?: boolean;
}

/** Back and the step's forward button, at the foot of each step. */
export const WizardNav = ({
  first,
  onBack,
  onNext,
  nextLabel = 'portal.wizard.nav.next',
  nextDisabled,
  busy,
}: WizardNavProps) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 3, flexWrap: 'wrap' }}>
      <Button
        onClick={onBack}
        disabled={first || busy}
        startIcon={<ArrowBackIcon />}
        sx={{ visibility: first ? 'hidden' : 'visible' }}
      >
        {translate('portal.wizard.nav.back')}
      </Button>
      <Button
        variant="contained"
        onClick={onNext}
        disabled={nextDisabled || busy}
        endIcon={busy ? <CircularProgress size={16} color="inherit" /> : <ArrowForwardIcon />}
      >
        {translate(nextLabel)}
      </Button>
    </Box>
  );
};
