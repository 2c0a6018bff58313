import { Chip, type ChipProps } from '@mui/material';
import { type RaRecord, useRecordContext, useTranslate } from 'react-admin';

export interface StateChipProps<R extends RaRecord> {
  /** The chip's text: a catalogue key (its last part shows when the catalogue has no text for it). */
  text: (record: R) => string;
  color?: (record: R) => ChipProps['color'];
  /** Drawn as an outline rather than filled. */
  outlined?: boolean | ((record: R) => boolean);
  /** Nothing is drawn for a record this says no to. */
  showFor?: (record: R) => boolean;
  /** As a column's field: the column's source and label. */
  source?: string;
  label?: string;
}

/** A state of the record in context (a status, whether it is usable…) as a small coloured chip. */
export function StateChip<R extends RaRecord = RaRecord>({
  text,
  color,
  outlined,
  showFor,
}: StateChipProps<R>) {
  const record = useRecordContext<R>();
  const translate = useTranslate();
  if (!record || (showFor && !showFor(record))) return null;
  const key = text(record);
  return (
    <Chip
      size="small"
      color={color?.(record) ?? 'default'}
      variant={(typeof outlined === 'function' ? outlined(record) : outlined) ? 'outlined' : 'filled'}
      label={translate(key, { _: key.slice(key.lastIndexOf('.') + 1) })}
    />
  );
}

/** A yes or no state: green when it holds, grey outlined when not; its texts are `<texts>.<yes>|<no>`. */
export const YesNoChip = <R extends RaRecord>({
  holds,
  yes,
  no,
  filledWhenYes = false,
}: {
  holds: (record: R) => boolean;
  yes: string;
  no: string;
  /** Filled when it holds (outlined either way otherwise). */
  filledWhenYes?: boolean;
  label?: string;
}) => (
  <StateChip<R>
    text={(record) => (holds(record) ? yes : no)}
    color={(record) => (holds(record) ? 'success' : 'default')}
    outlined={filledWhenYes ? (record) => !holds(record) : true}
  />
);
