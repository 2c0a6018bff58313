import { GET, POST } from '../dataProviders/edge';
import {
  creates,
  eachOfMany,
  manyInOnePost,
  ONE,
  postSearches,
  type Requests,
  sends,
  updates,
} from '../dataProviders/requestCases';

/** The requests of customer, as the server receives them. */
export default {
  customer: [
    ...postSearches('/api/customer'),
    sends('getOne', ONE, GET('/api/customer/r1')),
    manyInOnePost('/api/customer/get-customers-detail'),
    creates('/api/customer/create'),
    updates('/api/customer/r1/update_profile'),
    eachOfMany('activate', (id) => POST('/api/customer/activate', { id })),
    eachOfMany('deactivate', (id) => POST('/api/customer/deactivate', { id })),
  ],
} satisfies Requests;
