import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import {
  Alert,
  Button,
  Checkbox,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormHelperText,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
} from '@mui/material';
import { type ChangeEvent, type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';

interface FieldState {
  id: string;
  name: string;
  /** The error said under the field, translated; none keeps the hint, or a blank line. */
  error?: string;
  inputRef: (input: HTMLInputElement | null) => void;
  onPointerDown: () => void;
  onKeyDown: () => void;
  onBlur: () => void;
}

export interface FormTextFieldProps extends FieldState {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  maxLength?: number;
  /** A hint under the field, replaced by its error. */
  hint?: string;
  /** The rows of a multi-line field. */
  rows?: number;
  endAdornment?: ReactNode;
}

/**
 * A filled field of a public page's form, as the sign-in form's (src/pages/login/LoginField.tsx): label,
 * input, and under it the error (the input then `aria-invalid`, and described by it) or the hint.
 */
export const FormTextField = ({
  id,
  label,
  error,
  hint,
  rows,
  maxLength,
  inputRef,
  onPointerDown,
  onKeyDown,
  endAdornment,
  ...input
}: FormTextFieldProps) => (
  <TextField
    {...input}
    id={id}
    label={label}
    variant="filled"
    size="small"
    margin="dense"
    fullWidth
    error={error !== undefined}
    helperText={error ?? hint ?? ' '}
    multiline={rows !== undefined}
    minRows={rows}
    inputRef={inputRef}
    slotProps={{
      input: { endAdornment },
      htmlInput: { maxLength, onPointerDown, onKeyDown },
    }}
  />
);

/** A password field with the button that shows or hides what is typed. */
export const PasswordField = (props: Omit<FormTextFieldProps, 'type' | 'endAdornment'>) => {
  const translate = useTranslate();
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            size="small"
            aria-label={translate(
              visible ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden',
            )}
            onClick={() => setVisible(!visible)}
          >
            {visible ? <Visibility fontSize="small" /> : <VisibilityOff fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
};

export interface FormCheckboxProps extends FieldState {
  label: ReactNode;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  required?: boolean;
}

/** A checkbox with its label, and its error under it. */
export const FormCheckbox = ({
  id,
  name,
  label,
  error,
  checked,
  onChange,
  onBlur,
  inputRef,
  onPointerDown,
  onKeyDown,
  required,
}: FormCheckboxProps) => {
  const helperId = `${id}-helper-text`;
  return (
    <FormControl error={error !== undefined} required={required} margin="dense">
      <FormControlLabel
        control={
          <Checkbox
            id={id}
            name={name}
            checked={checked}
            onChange={onChange}
            onBlur={onBlur}
            inputRef={inputRef}
            required={required}
            slotProps={{
              input: {
                'aria-invalid': error !== undefined,
                'aria-describedby': error ? helperId : undefined,
                onPointerDown,
                onKeyDown,
              } as object,
            }}
          />
        }
        label={label}
        sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: -1 } }}
      />
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
};

export interface SubmitAreaProps {
  /** The form's refusal that belongs to no field, shown above the button. */
  failure?: string;
  sending: boolean;
  /** The button's text (a catalogue key). */
  label: string;
  /** Its text while the form is sent (default: 'Sending…'). */
  sendingLabel?: string;
  /** What follows the button (a link back to sign in…). */
  children?: ReactNode;
}

/** The end of a self-service form: its refusal, its submit button with progress while sending, and links. */
export const SubmitArea = ({
  failure,
  sending,
  label,
  sendingLabel = 'portal.selfService.sending',
  children,
}: SubmitAreaProps) => {
  const translate = useTranslate();
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={sending}
        startIcon={sending ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        {translate(sending ? sendingLabel : label)}
      </Button>
      {children}
    </Stack>
  );
};
