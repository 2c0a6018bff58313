/** Customer screens (docs/requirements/portal-entities.md Customer, docs/requirements/portal-states.md Customer and account). */
export const customer = {
  name: 'Customer |||| Customers',
  fields: {
    logo: 'Logo',
    companyName: 'Company name',
    contactEmail: 'Contact email',
    contactPhone: 'Contact phone',
    createdDate: 'Created date',
    status: 'Status',
  },
  helpers: {
    logo: 'An https:// address or a data:image/ URL (optional).',
  },
  logoPreview: 'Logo preview',
  validation: {
    logo: 'The logo must be an https:// address or a data:image/ URL.',
  },
  empty: {
    title: 'No customers yet',
    body: 'Create a customer, then give it administrator accounts and services.',
  },
  notifications: {
    created: 'Customer created',
    updated: 'Customer updated',
    activated: '%{smart_count} customer activated |||| %{smart_count} customers activated',
    deactivated: '%{smart_count} customer deactivated |||| %{smart_count} customers deactivated',
  },
};
