import { Create } from 'react-admin';
import { toConfigPayload } from './model';
import { VosCloudConfigForm } from './VosCloudConfigForm';

const DEFAULTS = { httpAuthMode: 'DIGEST', notifyMessageFlag: 0, messageFlag: 0 };

/** A new setting (it starts inactive: Activate makes it the one in use). */
export const VosCloudConfigCreate = () => (
  <Create transform={toConfigPayload} redirect="list">
    <VosCloudConfigForm defaultValues={DEFAULTS} />
  </Create>
);
