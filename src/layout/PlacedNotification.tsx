import { Notification, type NotificationProps } from 'react-admin';

/**
 * react-admin's notification, kept from standing in the way of an action: at the top centre, just under the
 * bar of the page, rather than over a form's Save button at the bottom; and transparent to the pointer but
 * for its own buttons and links, so that a click meant for an action under it (a page's toolbar is up there
 * too) reaches that action, and a pointer resting there does not keep it open (MUI pauses its timer while the
 * pointer is over it). `top` is the bar's height and a margin, by breakpoint.
 */
const placed = (top: { xs: number; sm: number }) => {
  const Placed = (props: NotificationProps) => (
    <Notification
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      sx={{ top, pointerEvents: 'none', '& button, & a': { pointerEvents: 'auto' } }}
      {...props}
    />
  );
  return Placed;
};

/** Under react-admin's app bar (56 px on a phone, 48 dense from `sm` on). */
export const PortalNotification = placed({ xs: 64, sm: 56 });

/** Under the public pages' top bar (MUI's regular toolbar: 56 px on a phone, 64 from `sm` on). */
export const PublicNotification = placed({ xs: 64, sm: 72 });
