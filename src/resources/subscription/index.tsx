import CardMembershipIcon from '@mui/icons-material/CardMembership';
import { Route } from 'react-router-dom';
import { defineFeature, named, screen } from '../../kit/feature';
import { SubscriptionName } from './SubscriptionName';
import { subscription } from './texts';

// Its own routes' screens load with their page too (see preloadable).
const SubscriptionDetail = screen(() => import('./SubscriptionDetail'), 'SubscriptionDetail');

/** /subscription and /subscription/{id} (docs/requirements/billing-services-screens.md Subscription page). */
export default defineFeature({
  ...named('subscription', CardMembershipIcon, subscription, <SubscriptionName />),
  list: screen(() => import('./SubscriptionPage'), 'SubscriptionPage'),
  routes: <Route path=":id" element={<SubscriptionDetail />} />,
  menu: { menu: 'customer', order: 40 },
});
