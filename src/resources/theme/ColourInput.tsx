import { Box, Stack } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { isThemeColour, THEME_TEXT_COLOUR_DEBOUNCE_MS } from '../../../contract/theme';
import { TextBox } from '../../kit/TextBox';
import { T, toSwatch } from './themeFields';

export interface ColourInputProps {
  label: string;
  value: string;
  /** Sets the field's value (and, on the common screen, every screen's field of the same id). */
  onApply: (value: string) => void;
  readOnly?: boolean;
  /** Said under the field instead of how typing applies (for example why it is read-only). */
  helper?: string;
}

/**
 * A colour field: a swatch (`<input type="color">`, applied at once) and its hex value as text, applied
 * THEME_TEXT_COLOUR_DEBOUNCE_MS after typing stops (docs/requirements/constants-and-limits.md), or when the field is left, and only when it
 * is a colour (#rgb, #rrggbb, #rrggbbaa); otherwise the field says so and keeps its colour.
 */
export const ColourInput = ({ label, value, onApply, readOnly = false, helper }: ColourInputProps) => {
  const translate = useTranslate();
  const [text, setText] = useState(value);
  const [invalid, setInvalid] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The value changed elsewhere (the swatch, the common screen, a save): show it.
  useEffect(() => {
    setText(value);
    setInvalid(false);
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const settle = (typed: string) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const colour = typed.trim();
    if (!isThemeColour(colour)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (colour !== value) onApply(colour);
  };

  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', width: '100%' }}>
      <Box
        component="input"
        type="color"
        value={toSwatch(value)}
        disabled={readOnly}
        aria-label={translate(`${T}.editor.swatch`, { label })}
        onChange={(event) => {
          clearTimeout(timer.current);
          timer.current = undefined;
          onApply((event.target as HTMLInputElement).value);
        }}
        sx={{
          flex: '0 0 auto',
          width: 48,
          height: 40,
          mt: 1,
          p: 0.25,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          cursor: readOnly ? 'default' : 'pointer',
        }}
      />
      <TextBox
        label={label}
        value={text}
        size="small"
        margin="dense"
        fullWidth
        error={invalid}
        helperText={
          invalid
            ? translate(`${T}.editor.invalidColour`)
            : (helper ?? (readOnly ? undefined : translate(`${T}.editor.colourHelp`)))
        }
        slotProps={{ htmlInput: { readOnly, spellCheck: false, autoComplete: 'off' } }}
        onChange={(event) => {
          const typed = event.target.value;
          setText(typed);
          setInvalid(false);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => settle(typed), THEME_TEXT_COLOUR_DEBOUNCE_MS);
        }}
        onBlur={() => {
          if (timer.current !== undefined) settle(text);
        }}
      />
    </Stack>
  );
};
