/** Orders (docs/requirements/billing-services-screens.md Orders list, docs/requirements/billing-services-entities.md Order, docs/requirements/billing-services-states.md Order states). */
export const order = {
  name: 'Order |||| Orders',
  fields: {
    companyName: 'Customer',
    action: 'Kind',
    status: 'Status',
    plan: 'Plan',
    period: 'Period',
    numberOfUsers: 'Number of users',
    amount: 'Amount',
    trialTerm: 'Free months',
    paid: 'Paid by card',
    tokenPackName: 'Token pack name',
    createdDate: 'Created date',
    closedDate: 'Closed',
    notes: 'Notes',
  },
  filters: { q: 'Customer name', month: 'Created month' },
  kinds: { SUBSCRIBE: 'New subscription', UPGRADE: 'Upgrade', EXTEND: 'Extension', EDIT: 'More users' },
  usersCount: '%{smart_count} user |||| %{smart_count} users',
  trialMonths: '%{smart_count} month |||| %{smart_count} months',
  actions: { approve: 'Approve', cancel: 'Cancel order', completePayment: 'Complete payment' },
  confirm: {
    cancel: 'Do you want cancel this order?',
    approve: 'This action will create token pack, service instance. Are you sure?',
  },
  empty: {
    title: 'No order yet',
    body: 'Orders appear here once a plan is chosen on the Subscription page.',
  },
  notifications: { approved: 'Order approved', canceled: 'Order cancelled' },
};
