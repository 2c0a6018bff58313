import { Resource } from 'react-admin';
import type { PortalResource } from './feature';

/** A feature's resource as react-admin registers it: its screens, icon and representation, its own routes. */
export const resourceElement = ({ name, routes, menu: _, texts: __, ...screens }: PortalResource) => (
  <Resource key={name} name={name} {...screens}>
    {routes}
  </Resource>
);
