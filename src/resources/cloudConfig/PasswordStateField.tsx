import { YesNoChip } from '../../kit/StateChip';
import type { CloudConfig } from './model';

const T = 'resources.vos-cloud-config.password';

/** Whether a company password is stored: the password itself is never shown nor sent back. */
export const PasswordStateField = (_: { label?: string }) => (
  <YesNoChip<CloudConfig> holds={(record) => record.companyPasswordSet} yes={`${T}.set`} no={`${T}.notSet`} />
);
