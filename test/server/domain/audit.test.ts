import { describe, expect, it } from 'vitest';
import { AUDIT_MASK } from '../../../contract/audit.ts';
import { changesBetween, maskedChanges } from '../../../server/domain/audit.ts';

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

describe('secret fields', () => {
  it('never writes what a field named for a seed, PIN, key or token holds', () => {
    expect(
      changesBetween(
        { totpSeed: 'A', appPin: '1', privateKey: 'k', accessToken: 't', tokenPackId: 'p1' },
        { totpSeed: 'B', appPin: '2', privateKey: 'l', accessToken: 'u', tokenPackId: 'p2' },
      ),
    ).toEqual({
      totpSeed: { before: '(hidden)', after: '(hidden)' },
      appPin: { before: '(hidden)', after: '(hidden)' },
      privateKey: { before: '(hidden)', after: '(hidden)' },
      accessToken: { before: '(hidden)', after: '(hidden)' },
      tokenPackId: { before: 'p1', after: 'p2' },
    });
  });
});

describe('flags named like secrets', () => {
  it('keeps a yes/no flag readable: it says whether, never what', () => {
    expect(changesBetween({ rememberCredentials: false }, { rememberCredentials: true })).toEqual({
      rememberCredentials: { before: false, after: true },
    });
    expect(maskedChanges({ rememberCredentials: { before: false, after: true } })).toEqual({
      rememberCredentials: { before: false, after: true },
    });
    expect(maskedChanges({ apiKey: { before: null, after: 'gwk_abc' } })).toEqual({
      apiKey: { before: null, after: AUDIT_MASK },
    });
  });
});
