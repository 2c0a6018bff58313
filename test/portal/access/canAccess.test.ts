import { canAccess } from '../../../src/access/canAccess';
import { PROVIDER_SCREENS } from './providerScreens';

describe('canAccess', () => {
  const everything = [
    'customer:view',
    'role:view',
    'role:modify',
    'account:view',
    'asset:view',
    'directories:view',
  ];

  it('maps react-admin actions onto the permission of the resource', () => {
    expect(canAccess(everything, { resource: 'role', action: 'list' })).toBe(true);
    expect(canAccess(everything, { resource: 'role', action: 'edit' })).toBe(true);
    expect(canAccess(everything, { resource: 'role', action: 'create' })).toBe(false);
    expect(canAccess(everything, { resource: 'ldap', action: 'show' })).toBe(true);
    expect(canAccess([], { resource: 'ldap', action: 'list' })).toBe(false);
  });

  it("denies the provider's screens in a customer's scope, whatever the permissions", () => {
    const inCustomer = { customerScope: true };
    for (const resource of PROVIDER_SCREENS) {
      const all = [
        'customer',
        'service_template',
        'asset',
        'role',
        'vos-cloud-configuration',
        'saml-configuration',
      ].flatMap((name) => ['view', 'create', 'modify'].map((action) => `${name}:${action}`));
      expect(canAccess(all, { resource, action: 'list' }), resource).toBe(true);
      for (const action of ['list', 'show', 'create', 'edit']) {
        expect(canAccess(all, { resource, action }, inCustomer), `${resource} ${action}`).toBe(false);
      }
    }
    // The customer's own screens stay.
    expect(canAccess(everything, { resource: 'account', action: 'list' }, inCustomer)).toBe(true);
    expect(canAccess(everything, { resource: 'ldap', action: 'list' }, inCustomer)).toBe(true);
  });
});
