// The module the public pages load for their first notification: react-admin's Notification, alone.
export { Notification } from 'react-admin';
