import { EditPage } from '../../kit/pages';
import { CustomerForm } from './CustomerForm';
import { toProfile } from './customerFields';

/** PUT /customer/:id/update_profile with the profile fields only (the status has its own actions). */
export const CustomerEdit = () => (
  <EditPage transform={toProfile} redirect="list">
    <CustomerForm />
  </EditPage>
);
