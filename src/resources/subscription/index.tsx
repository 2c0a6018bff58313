import CardMembershipIcon from '@mui/icons-material/CardMembership';
import { Route } from 'react-router-dom';
import { preloadable } from '../../kit/preloadable';

// Each screen loads when it is first opened, or ahead of it (see preloadable).
const SubscriptionPage = preloadable(() =>
  import('./SubscriptionPage').then((module) => module.SubscriptionPage),
);
const SubscriptionDetail = preloadable(() =>
  import('./SubscriptionDetail').then((module) => module.SubscriptionDetail),
);

/** /subscription and /subscription/{id} (spec 02 §2 Subscription page). */
export default {
  list: SubscriptionPage,
  icon: CardMembershipIcon,
  recordRepresentation: 'companyName',
  children: <Route path=":id" element={<SubscriptionDetail />} />,
};
