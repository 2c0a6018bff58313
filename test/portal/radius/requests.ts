import { PUT } from '../dataProviders/edge';
import { connectorCases, ONE, type Requests, sends } from '../dataProviders/requestCases';

/** The requests of radius, as the server receives them. */
export default {
  radius: [
    ...connectorCases('radius'),
    sends('regenerateSecret', ONE, PUT('/api/idm-config/connectors/radius/c1/r1/shared-secret')),
  ],
} satisfies Requests;
