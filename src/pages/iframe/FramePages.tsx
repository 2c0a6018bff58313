import type { ReactNode } from 'react';
import { Edit, ResourceContextProvider, useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { errorNotification } from '../../kit/notifyError';
import { AccountList } from '../../resources/account/AccountList';
import { DirectoryForm } from '../../resources/directory/DirectoryForm';
import { toDirectoryBody } from '../../resources/directory/directoryFields';
import { UserList } from '../../resources/user/UserList';
import { FrameWizardPage } from '../wizard/WizardPage';
import { FrameScreen } from './FrameScreen';

/** A resource's list, embedded: titled by the resource's plural name, as its list is. */
const FrameList = ({ resource, children }: { resource: string; children: ReactNode }) => (
  <FrameScreen title={useTranslate()(`resources.${resource}.name`, { smart_count: 2 })}>
    <ResourceContextProvider value={resource}>{children}</ResourceContextProvider>
  </FrameScreen>
);

/** /iframe/account-list: the administrator accounts list of /account, embedded. */
export const FrameAccountList = () => (
  <FrameList resource="account">
    <AccountList />
  </FrameList>
);

/** /iframe/user-list: the users list of /users, embedded. */
export const FrameUserList = () => (
  <FrameList resource="users">
    <UserList />
  </FrameList>
);

const LDAP_LIST = ['/ldap'];

/**
 * /iframe/ldap-edit/{id}: the directory form of /ldap/{id}, embedded. A save stays on the form (the
 * directory's page is the full portal's); Cancel draws the saved directory again.
 */
export const FrameLdapEdit = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { id = '' } = useParams();
  const title = translate('portal.pageTitles.edit', {
    name: translate('resources.ldap.name', { smart_count: 1 }),
  });
  return (
    <FrameScreen title={title} reloadOn={LDAP_LIST}>
      <ResourceContextProvider value="ldap">
        <Edit
          id={id}
          transform={toDirectoryBody}
          mutationMode="pessimistic"
          redirect={false}
          title={false}
          mutationOptions={{ onError: (error) => notify(...errorNotification(error)) }}
        >
          <DirectoryForm editing />
        </Edit>
      </ResourceContextProvider>
    </FrameScreen>
  );
};

/** /iframe/wizard/{serviceInstanceId}: the setup wizard, embedded. */
export const FrameWizard = () => (
  <FrameScreen title={useTranslate()('portal.wizard.title')} heading={false}>
    <FrameWizardPage />
  </FrameScreen>
);
