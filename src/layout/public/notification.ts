// The module the public pages load for their first notification: react-admin's Notification, placed under
// the top bar, alone.
export { PublicNotification as Notification } from '../PlacedNotification';
