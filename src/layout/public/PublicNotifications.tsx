import { Suspense, useRef } from 'react';
import { useNotificationContext } from 'react-admin';
import { preloadable } from '../../kit/preloadable';

// react-admin's notification (a snackbar) loads with the first notification of a public page, or ahead of it
// by `preloadPublicNotifications` when a notification may come (a sign-in under way, a QR sign-in).
const Notification = preloadable(() => import('./notification').then((module) => module.Notification));
export const preloadPublicNotifications = () => Notification.preload().catch(() => undefined);

/** The notifications of the public pages: react-admin's Notification, drawn from the first one on. */
export const PublicNotifications = () => {
  const { notifications } = useNotificationContext();
  const needed = useRef(false);
  if (notifications.length > 0) needed.current = true;
  return needed.current ? (
    <Suspense fallback={null}>
      <Notification />
    </Suspense>
  ) : null;
};
