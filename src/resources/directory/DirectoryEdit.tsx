import { EditPage } from '../../kit/pages';
import { DirectoryForm } from './DirectoryForm';
import { toDirectoryBody } from './directoryFields';

/** PUT /idm-ldap/ldap/{customerId}/{id}: a password or secret left empty keeps the stored one. */
export const DirectoryEdit = () => (
  <EditPage transform={toDirectoryBody}>
    <DirectoryForm editing />
  </EditPage>
);
