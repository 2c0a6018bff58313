import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import { Route } from 'react-router-dom';
import { defineFeature, named, screen, screensOf } from '../../kit/feature';
import { service, serviceInstance } from './texts';

// Its own routes' screens load with their page too (see preloadable).
const LaunchForm = screen(() => import('./LaunchForm'), 'LaunchForm');

/**
 * Services (docs/requirements/portal-routes-and-menus.md /service-launch; docs/requirements/billing-services-screens.md Service launch): the customer's services, the gallery of
 * published templates (create), the launch form of a template (/service-launch/create/{templateId}) and the
 * service page with its tabs Info, 2FA Bypass List and Seamless Login List (edit). Its calls go through the
 * resources registered beside it: the services themselves (`service-instance`), the connectors a launch
 * chooses from (`connectors`) and the users lists of a service.
 */
export default defineFeature(
  {
    ...named('service-launch', RocketLaunchIcon, service, 'instanceName'),
    ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
    create: screen(() => import('./LaunchGallery'), 'LaunchGallery'),
    routes: <Route path="create/:templateId" element={<LaunchForm />} />,
    menu: { menu: 'customer', order: 60 },
  },
  named('service-instance', undefined, serviceInstance),
  { name: 'connectors' },
  { name: 'deny_service_users' },
  { name: 'seamless_service_users' },
);
