import { StateChip } from '../../kit/StateChip';
import { type Mail, STATUS_COLOUR, T } from './model';

/** A message's status as a coloured chip. */
export const MailStatusField = (_: { source?: string; label?: string }) => (
  <StateChip<Mail>
    text={(record) => `${T}.statuses.${record.status}`}
    color={(record) => STATUS_COLOUR[record.status]}
  />
);
