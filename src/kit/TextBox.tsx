import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * A text box outside any form, for a value of the page's own: a colour's hex applied as it is typed, a
 * card's number that never leaves the page. A record's fields are react-admin inputs in a Form (or a
 * DialogForm), with react-admin validators: screens do not draw MUI's TextField themselves.
 */
export const TextBox = (props: TextFieldProps) => <TextField {...props} />;

/** A search box that filters what the page shows (as it is typed), with its magnifier. */
export const SearchBox = ({
  label,
  value,
  onChange,
  sx,
}: {
  /** A catalogue key. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  sx?: TextFieldProps['sx'];
}) => {
  const translate = useTranslate();
  return (
    <TextField
      type="search"
      label={translate(label)}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={sx}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon aria-hidden />
            </InputAdornment>
          ),
        },
      }}
    />
  );
};

/** A small select of the page's own (which token pack a tab shows). */
export const ChoiceBox = ({
  label,
  value,
  choices,
  onChange,
  sx,
}: {
  /** A catalogue key. */
  label: string;
  value: string;
  choices: readonly { id: string; name: string }[];
  onChange: (value: string) => void;
  sx?: TextFieldProps['sx'];
}) => {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={translate(label)}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={sx}
    >
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.name}
        </MenuItem>
      ))}
    </TextField>
  );
};
