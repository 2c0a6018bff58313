import { Create, useNotify } from 'react-admin';
import { errorNotification } from '../../kit/notifyError';
import { CustomerForm } from './CustomerForm';
import { type CustomerProfile, toProfile } from './customerFields';

/** POST /customer/create {companyName, contactEmail, contactPhone, logo?}; the logo is left out when empty. */
const toCreateBody = (values: Partial<CustomerProfile>) => {
  const { logo, ...profile } = toProfile(values);
  return logo ? { ...profile, logo } : profile;
};

export const CustomerCreate = () => {
  const notify = useNotify();
  return (
    <Create
      transform={toCreateBody}
      redirect="list"
      mutationOptions={{ onError: (error) => notify(...errorNotification(error)) }}
    >
      <CustomerForm />
    </Create>
  );
};
