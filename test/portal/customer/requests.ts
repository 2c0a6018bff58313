import { GET, POST, PUT } from '../dataProviders/edge';
import { CREATE, MANY, ONE, postSearches, type Requests, UPDATE } from '../dataProviders/requestCases';

/** The requests of customer, as the server receives them. */
export default {
  customer: [
    ...postSearches('/api/customer'),
    { call: 'getOne', params: ONE, sent: [GET('/api/customer/r1')] },
    {
      call: 'getMany',
      params: MANY,
      sent: [POST('/api/customer/get-customers-detail', { ids: ['r1', 'r2'] })],
      answer: { json: [] },
    },
    { call: 'create', params: CREATE, sent: [POST('/api/customer/create', { name: 'New' })] },
    {
      call: 'update',
      params: UPDATE,
      sent: [PUT('/api/customer/r1/update_profile', { id: 'r1', name: 'Changed' })],
    },
    {
      call: 'activate',
      params: MANY,
      sent: [POST('/api/customer/activate', { id: 'r1' }), POST('/api/customer/activate', { id: 'r2' })],
    },
    {
      call: 'deactivate',
      params: MANY,
      sent: [POST('/api/customer/deactivate', { id: 'r1' }), POST('/api/customer/deactivate', { id: 'r2' })],
    },
  ],
} satisfies Requests;
