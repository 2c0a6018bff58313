import { describe, expect, it } from 'vitest';
import { changesBetween } from '../../server/domain/audit.ts';

describe('audit changes', () => {
  it('lists only the fields that changed, with their values before and after', () => {
    expect(
      changesBetween(
        { companyName: 'Acme', contactEmail: 'a@acme.test', status: 'ACTIVE', modifiedDate: new Date(1) },
        { companyName: 'Acme Ltd', contactEmail: 'a@acme.test', status: 'ACTIVE', modifiedDate: new Date(2) },
      ),
    ).toEqual({ companyName: { before: 'Acme', after: 'Acme Ltd' } });
  });

  it('records a creation as fields with no value before', () => {
    expect(changesBetween(null, { name: 'auditor', scope: 'customer' })).toEqual({
      name: { before: null, after: 'auditor' },
      scope: { before: null, after: 'customer' },
    });
  });

  it('never writes secrets, only that they changed', () => {
    expect(changesBetween({ companyPassword: 'old-secret' }, { companyPassword: 'new-secret' })).toEqual({
      companyPassword: { before: '(hidden)', after: '(hidden)' },
    });
  });

  it('compares arrays and dates by value', () => {
    expect(changesBetween({ connectorIds: [1, 2] }, { connectorIds: [1, 2] })).toEqual({});
    expect(changesBetween({ at: new Date(5) }, { at: new Date(6) })).toEqual({
      at: { before: new Date(5).toISOString(), after: new Date(6).toISOString() },
    });
  });
});
