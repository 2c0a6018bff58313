import { Edit } from 'react-admin';
import { toConfigPayload } from './model';
import { VosCloudConfigForm } from './VosCloudConfigForm';

/** A setting's fields; an empty company password keeps the stored one. */
export const VosCloudConfigEdit = () => (
  <Edit transform={toConfigPayload} mutationMode="pessimistic" redirect="list">
    <VosCloudConfigForm edit />
  </Edit>
);
