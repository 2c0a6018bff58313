import PeopleIcon from '@mui/icons-material/People';
import { defineFeature, named, screensOf } from '../../kit/feature';
import { user } from './texts';

/** A customer's users (docs/requirements/portal-routes-and-menus.md /user, docs/requirements/portal-entities.md User; docs/requirements/billing-services-data-calls.md Users): they come from directories. */
export default defineFeature({
  ...named('users', PeopleIcon, user, 'username'),
  ...screensOf(import.meta.glob(['./*List.tsx', './*Create.tsx', './*Edit.tsx', './*Show.tsx'])),
  menu: { menu: 'customer', order: 90 },
});
