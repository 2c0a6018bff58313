import { Notification, type NotificationProps } from 'react-admin';

/**
 * react-admin's notification where it covers no action: at the top centre, just under the bar of the page,
 * rather than at the bottom, where a form's Save button is (and where a pointer resting on the notification
 * kept it open over the button). `top` is the bar's height and a margin, by breakpoint.
 */
const placed = (top: { xs: number; sm: number }) => {
  const Placed = (props: NotificationProps) => (
    <Notification anchorOrigin={{ vertical: 'top', horizontal: 'center' }} sx={{ top }} {...props} />
  );
  return Placed;
};

/** Under react-admin's app bar (56 px on a phone, 48 dense from `sm` on). */
export const PortalNotification = placed({ xs: 64, sm: 56 });

/** Under the public pages' top bar (MUI's regular toolbar: 56 px on a phone, 64 from `sm` on). */
export const PublicNotification = placed({ xs: 64, sm: 72 });
