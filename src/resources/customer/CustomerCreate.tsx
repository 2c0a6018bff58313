import { CreatePage } from '../../kit/pages';
import { CustomerForm } from './CustomerForm';
import { type CustomerProfile, toProfile } from './customerFields';

/** POST /customer/create {companyName, contactEmail, contactPhone, logo?}; the logo is left out when empty. */
const toCreateBody = (values: Partial<CustomerProfile>) => {
  const { logo, ...profile } = toProfile(values);
  return logo ? { ...profile, logo } : profile;
};

export const CustomerCreate = () => (
  <CreatePage transform={toCreateBody} redirect="list">
    <CustomerForm />
  </CreatePage>
);
