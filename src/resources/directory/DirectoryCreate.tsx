import { CreatePage } from '../../kit/pages';
import { DirectoryForm } from './DirectoryForm';
import { toDirectoryBody } from './directoryFields';

/** POST /idm-ldap/ldap/{customerId}: the name, the type and that type's fields. */
export const DirectoryCreate = () => (
  <CreatePage transform={toDirectoryBody}>
    <DirectoryForm />
  </CreatePage>
);
