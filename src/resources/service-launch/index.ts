import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import { createElement } from 'react';
import { Route } from 'react-router-dom';
import { preloadable } from '../../kit/preloadable';

// Each screen loads when it is first opened, or ahead of it (see preloadable).
const ServiceList = preloadable(() => import('./ServiceList').then((module) => module.ServiceList));
const LaunchGallery = preloadable(() => import('./LaunchGallery').then((module) => module.LaunchGallery));
const LaunchForm = preloadable(() => import('./LaunchForm').then((module) => module.LaunchForm));
const ServiceEdit = preloadable(() => import('./ServiceEdit').then((module) => module.ServiceEdit));

/**
 * Services (spec 01 §2 /service-launch; spec 02 §2 Service launch): the customer's services, the gallery of
 * published templates (create), the launch form of a template (/service-launch/create/{templateId}) and the
 * service page with its tabs Info, 2FA Bypass List and Seamless Login List (edit).
 */
export default {
  list: ServiceList,
  create: LaunchGallery,
  edit: ServiceEdit,
  icon: RocketLaunchIcon,
  recordRepresentation: 'instanceName',
  // A route of the resource, drawn in the signed-in layout; it ranks above the edit route `:id/*`.
  children: createElement(Route, { path: 'create/:templateId', element: createElement(LaunchForm) }),
};
