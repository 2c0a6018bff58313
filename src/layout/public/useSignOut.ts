import { useCallback } from 'react';
import { useAuthProvider, useResetStore } from 'react-admin';
import { usePageLocation, usePageNavigate } from '../../kit/pageNav';
import { PAGE_PATH } from '../paths';

/**
 * Signs out from a public page, as react-admin's own sign-out does inside the app: the session ends, the
 * stored list settings are forgotten, and the sign-in page opens, remembering where the user was.
 */
export const useSignOut = () => {
  const authProvider = useAuthProvider();
  const resetStore = useResetStore();
  const navigate = usePageNavigate();
  const { pathname, search } = usePageLocation();
  return useCallback(async () => {
    await authProvider?.logout({});
    resetStore();
    navigate(PAGE_PATH.login, { state: { nextPathname: pathname, nextSearch: search } });
  }, [authProvider, resetStore, navigate, pathname, search]);
};
