import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * A text box outside any form, for a value of the page's own: a colour's hex applied as it is typed, a
 * card's number that never leaves the page. A record's fields are react-admin inputs in a Form (or a
 * DialogForm), with react-admin validators: screens do not draw MUI's TextField themselves.
 */
export const TextBox = (props: TextFieldProps) => <TextField {...props} />;

/** What a box of the page's own is given: its label (a catalogue key), its value and what a change does. */
interface BoxProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  sx?: TextFieldProps['sx'];
}

/** The TextField props of a box. */
const useBox = ({ label, value, onChange, sx }: BoxProps): TextFieldProps => {
  const translate = useTranslate();
  return { label: translate(label), value, onChange: (event) => onChange(event.target.value), sx };
};

/** A search box that filters what the page shows (as it is typed), with its magnifier. */
export const SearchBox = (props: BoxProps) => {
  const box = useBox(props);
  return (
    <TextField
      type="search"
      {...box}
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
  choices,
  ...props
}: BoxProps & { choices: readonly { id: string; name: string }[] }) => {
  const box = useBox(props);
  return (
    <TextField select size="small" {...box}>
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.name}
        </MenuItem>
      ))}
    </TextField>
  );
};
