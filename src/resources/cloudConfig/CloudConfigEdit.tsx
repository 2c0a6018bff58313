import { Edit } from 'react-admin';
import { CloudConfigForm } from './CloudConfigForm';
import { toConfigPayload } from './model';

/** A setting's fields; an empty company password keeps the stored one. */
export const CloudConfigEdit = () => (
  <Edit transform={toConfigPayload} mutationMode="pessimistic" redirect="list">
    <CloudConfigForm edit />
  </Edit>
);
