import {
  Box,
  MobileStepper,
  Step,
  StepButton,
  StepLabel,
  Stepper,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import type { WizardStepId } from './wizardState';

export interface WizardStepperProps {
  steps: readonly WizardStepId[];
  currentStep: number;
  furthestStep: number;
  onJump: (step: number) => void;
}

/**
 * Where the user is: the step titles, those already reached clickable to go back to them; on a narrow
 * screen (a phone, 375 px) a compact stepper: 'Step 2 of 4: Directory' and a progress bar.
 */
export const WizardStepper = ({ steps, currentStep, furthestStep, onJump }: WizardStepperProps) => {
  const translate = useTranslate();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const title = (step: WizardStepId) => translate(`portal.wizard.steps.${step}`);
  if (narrow)
    return (
      <Box sx={{ mb: 2 }}>
        <Typography variant="subtitle2" component="p">
          {translate('portal.wizard.stepOf', {
            current: currentStep + 1,
            total: steps.length,
            title: title(steps[currentStep] ?? 'welcome'),
          })}
        </Typography>
        <MobileStepper
          variant="progress"
          steps={steps.length}
          activeStep={currentStep}
          position="static"
          backButton={null}
          nextButton={null}
          aria-hidden
          sx={{ px: 0, bgcolor: 'transparent', '& .MuiMobileStepper-progress': { width: '100%' } }}
        />
      </Box>
    );
  return (
    <Stepper
      nonLinear
      activeStep={currentStep}
      aria-label={translate('portal.wizard.stepsLabel')}
      component="nav"
      sx={{ mb: 3, flexWrap: 'wrap', rowGap: 1 }}
    >
      {steps.map((step, index) => (
        <Step key={step} completed={index < furthestStep && index !== currentStep}>
          {index <= furthestStep ? (
            <StepButton
              onClick={() => onJump(index)}
              aria-current={index === currentStep ? 'step' : undefined}
            >
              {title(step)}
            </StepButton>
          ) : (
            <StepLabel>{title(step)}</StepLabel>
          )}
        </Step>
      ))}
    </Stepper>
  );
};
