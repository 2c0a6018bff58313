import { FilledInput, type FilledInputProps, FormControl, FormHelperText, InputLabel } from '@mui/material';

export interface LoginFieldProps
  extends Pick<
    FilledInputProps,
    | 'id'
    | 'name'
    | 'type'
    | 'value'
    | 'autoComplete'
    | 'autoFocus'
    | 'inputRef'
    | 'endAdornment'
    | 'onChange'
    | 'onBlur'
    | 'onKeyDown'
    | 'onPointerDown'
  > {
  id: string;
  label: string;
  /** The error shown under the field; a blank line is kept when there is none. */
  error?: string;
  /** The keyboard a phone shows (a code: `numeric`). */
  inputMode?: 'numeric' | 'email' | 'text';
  maxLength?: number;
}

/**
 * A filled field of the sign-in form, drawn as a MUI TextField is (label, input, helper text) from its
 * parts: TextField brings every variant and the select along, which the first screen does without.
 */
export const LoginField = ({ id, label, error, inputMode, maxLength, ...input }: LoginFieldProps) => {
  const helperId = `${id}-helper-text`;
  return (
    <FormControl variant="filled" margin="dense" size="small" fullWidth error={error !== undefined}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <FilledInput id={id} {...input} inputProps={{ 'aria-describedby': helperId, inputMode, maxLength }} />
      <FormHelperText id={helperId}>{error ?? ' '}</FormHelperText>
    </FormControl>
  );
};
