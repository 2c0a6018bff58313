import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect, onTestFinished, vi } from 'vitest';

/** What react-admin's warnWhenUnsavedChanges asks before leaving a form with unsaved changes. */
export const UNSAVED = "Some of your changes weren't saved. Are you sure you want to ignore them?";

/**
 * window.confirm, which the test DOM lacks and warnWhenUnsavedChanges asks with: it answers No until told
 * otherwise (`mockReturnValue(true)`), and is taken away again once the test is over.
 */
export const stubConfirm = () => {
  const confirm = vi.fn((_question?: string) => false);
  vi.stubGlobal('confirm', confirm);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  return confirm;
};

interface Leaving {
  user: UserEvent;
  confirm: ReturnType<typeof stubConfirm>;
  pathname: () => string | undefined;
  /** What Cancel is: a link by default. */
  cancel?: 'link' | 'button';
}

/** Clicks Cancel with unsaved changes: it asks whether to leave them, is told No, and the screen stays at `path`. */
export const expectCancelToStay = async (
  { user, confirm, pathname, cancel = 'link' }: Leaving,
  path: string,
) => {
  await user.click(screen.getByRole(cancel, { name: 'Cancel' }));
  await waitFor(() => expect(confirm).toHaveBeenCalledWith(UNSAVED));
  expect(pathname()).toBe(path);
};

/** Clicks Cancel again, told Yes this time: the screen goes to `path`. */
export const expectCancelToLeave = async (
  { user, confirm, pathname, cancel = 'link' }: Leaving,
  path: string,
) => {
  confirm.mockReturnValue(true);
  await user.click(screen.getByRole(cancel, { name: 'Cancel' }));
  await waitFor(() => expect(pathname()).toBe(path));
};
