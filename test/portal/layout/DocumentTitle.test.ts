import { resourceScreenOf } from '../../../src/layout/DocumentTitle';

describe('the screen a path draws', () => {
  const resources = { customer: { hasEdit: true }, asset: { hasEdit: true }, audit: { hasEdit: false } };

  it.each([
    ['/customer', { resource: 'customer', screen: 'list' }],
    ['/customer/', { resource: 'customer', screen: 'list' }],
    ['/customer/create', { resource: 'customer', screen: 'create' }],
    ['/customer/1b2c', { resource: 'customer', screen: 'edit' }],
    ['/customer/1b2c/show', { resource: 'customer', screen: 'show' }],
    ['/audit/9', { resource: 'audit', screen: 'show' }],
    ['/asset/1/permission', null],
    ['/report', null],
    ['/', null],
    ['/customer/1/show/extra', null],
  ])('%s', (path, screen) => {
    expect(resourceScreenOf(path, resources)).toEqual(screen);
  });
});
