import { Create } from 'react-admin';
import { CloudConfigForm } from './CloudConfigForm';
import { toConfigPayload } from './model';

const DEFAULTS = { httpAuthMode: 'DIGEST', notifyMessageFlag: 0, messageFlag: 0 };

/** A new setting (it starts inactive: Activate makes it the one in use). */
export const CloudConfigCreate = () => (
  <Create transform={toConfigPayload} redirect="list">
    <CloudConfigForm defaultValues={DEFAULTS} />
  </Create>
);
