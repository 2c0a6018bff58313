import CardMembershipIcon from '@mui/icons-material/CardMembership';
import { Route } from 'react-router-dom';
import { defineFeature, screen } from '../../kit/feature';
import { subscription } from './texts';

// Its own routes' screens load with their page too (see preloadable).
const SubscriptionDetail = screen(() => import('./SubscriptionDetail'), 'SubscriptionDetail');

/** /subscription and /subscription/{id} (spec 02 §2 Subscription page). */
export default defineFeature({
  name: 'subscription',
  list: screen(() => import('./SubscriptionPage'), 'SubscriptionPage'),
  icon: CardMembershipIcon,
  texts: { en: subscription },
  recordRepresentation: 'companyName',
  routes: <Route path=":id" element={<SubscriptionDetail />} />,
  menu: { menu: 'customer', order: 40 },
});
