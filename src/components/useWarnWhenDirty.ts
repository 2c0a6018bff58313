import { useEffect } from 'react';
import { useBlocker, useTranslate } from 'react-admin';

/**
 * react-admin's `warnWhenUnsavedChanges` for a screen that is not a react-admin form (the permission
 * matrix): while `dirty`, leaving for another page asks first (react-admin's own question), and closing
 * or reloading the tab asks the browser's.
 */
export const useWarnWhenDirty = (dirty: boolean) => {
  const translate = useTranslate();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the blocker object changes on every render.
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(translate('ra.message.unsaved_changes'))) blocker.proceed?.();
    else blocker.reset?.();
  }, [blocker.state, translate]);
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
};
