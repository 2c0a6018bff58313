/** The asset of the customers: a provider's resource, with its four actions. */
export const CUSTOMERS = {
  id: 'as1',
  name: 'Customers',
  description: 'Customer companies of the provider',
  resourceType: 'customer',
  actions: ['view', 'create', 'modify', 'configure'],
  scope: 'provider',
};
