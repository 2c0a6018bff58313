import { PUT } from '../dataProviders/edge';
import { connectorCases, ONE, type Requests, sends } from '../dataProviders/requestCases';

/** The requests of https, as the server receives them. */
export default {
  https: [
    ...connectorCases('https'),
    sends('regenerateApiKey', ONE, PUT('/api/idm-config/connectors/https/c1/r1/api-key')),
  ],
} satisfies Requests;
