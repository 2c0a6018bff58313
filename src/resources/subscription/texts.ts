/** The subscription page and its purchase overlay (docs/requirements/billing-services-screens.md Subscription page, Cards; docs/requirements/billing-services-states.md Purchase flow). */
export const subscription = {
  name: 'Subscription |||| Subscriptions',
  /** How a subscription is named on other screens: its plan and period. */
  planName: '%{tier}, %{period}',
  fields: {
    companyName: 'Company',
    plan: 'Plan',
    period: 'Period',
    numberOfUsers: 'Number of users',
    expireDate: 'Expire date',
    startDate: 'Start date',
    status: 'Status',
    tokenPacks: 'Token packs',
  },
  titles: { create: 'Create Subscription', upgrade: 'Upgrade Subscription' },
  review: 'Review Subscription',
  currentActiveUsers: 'Current Active Users',
  numberOfUsers: 'Number of Users',
  usersInvalid: 'Enter a whole number of users.',
  usersMax: 'At most %{max} users.',
  expiringSoon: 'Expiring soon',
  price: {
    total: 'Total',
    discount: 'Free months',
    trial: 'First-time free months',
    trialHint:
      'Your first paid subscription gets %{smart_count} month more, free: it is added to the period, not taken off the price. |||| Your first paid subscription gets %{smart_count} months more, free: they are added to the period, not taken off the price.',
    final: 'To pay',
  },
  actions: {
    next: 'Next',
    placeOrder: 'Place Order',
    pay: 'Pay',
    upgrade: 'Upgrade',
    extend: 'Extend',
    edit: 'Add users',
    detail: 'Detail',
  },
  card: {
    choose: 'Card to pay with',
    saved: '%{brand} ending in %{last4} (%{name})',
    new: 'A new card',
    number: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'Security code',
    name: 'Name on the card',
    /** The card payment provider's card field (Stripe Elements: number, expiry and code in one). */
    card: 'Card',
    loading: 'Loading the card form',
    unavailable: 'The card form could not be loaded. Check your connection and try again.',
    testHint:
      'Test cards: 4242 4242 4242 4242 (Visa), 5555 5555 5555 4444 (Mastercard) with any future expiry; 4000 0000 0000 0002 is declined.',
  },
  remove: {
    needed:
      'Fewer users than are active: choose %{smart_count} user to remove. |||| Fewer users than are active: choose %{smart_count} users to remove.',
    chosen: '%{smart_count} chosen. |||| %{smart_count} chosen.',
    choose: 'Choose users to remove',
    hint: 'They are deactivated when the extension is approved. Choose at least %{count}.',
  },
  cards: {
    title: 'Cards',
    primary: 'Primary',
    ending: '%{brand} ending in %{last4}',
    makePrimary: 'Make primary',
    add: 'Add a card',
    save: 'Save card',
    added: 'Card saved',
    deleted: 'Card deleted',
    madePrimary: 'Primary card changed',
    confirmDelete: 'Delete the card ending in %{last4}?',
    confirmPrimary: 'Pay with the card ending in %{last4} by default?',
  },
  none: {
    title: 'No subscription found!',
    body: 'You must subscribe at least one TokenPack at Home page.',
    subscribe: 'Subscribe',
  },
  thanks: {
    title: 'Thanks for choosing our service!',
    approved: 'Your subscription is active: its token pack is ready.',
    notApproved:
      'Your order is placed but not approved yet: it becomes active once it is paid or approved. Its state is in My Orders.',
  },
  empty: { title: 'No subscription yet', body: 'Pick a plan on the Plans page.' },
  notifications: { updated: 'The order for more users is placed.' },
};
