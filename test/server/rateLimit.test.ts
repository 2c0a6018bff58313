import { DEFAULT_RATE_LIMITS, loadConfig } from '../../server/config.ts';

describe('configuration', () => {
  const env = { JWT_SECRET: 'z'.repeat(40) };

  it('has defaults and reads each limit as max/seconds', () => {
    expect(loadConfig(env)).toMatchObject({ rateLimits: DEFAULT_RATE_LIMITS, trustProxy: undefined });
    expect(DEFAULT_RATE_LIMITS).toEqual({
      signin: { max: 20, windowSec: 60 },
      public: { max: 120, windowSec: 60 },
      passwordPerAccount: { max: 5, windowSec: 900 },
      passwordPerAddress: { max: 20, windowSec: 900 },
    });
    const config = loadConfig({
      ...env,
      RATE_LIMIT_SIGNIN: '10/30',
      RATE_LIMIT_PUBLIC: '600/60',
      RATE_LIMIT_PASSWORD: '3/3600',
      RATE_LIMIT_PASSWORD_IP: ' 50/86400 ',
    });
    expect(config.rateLimits).toEqual({
      signin: { max: 10, windowSec: 30 },
      public: { max: 600, windowSec: 60 },
      passwordPerAccount: { max: 3, windowSec: 3600 },
      passwordPerAddress: { max: 50, windowSec: 86400 },
    });
  });

  it('reads TRUST_PROXY as a number of hops or a list of addresses', () => {
    expect(loadConfig({ ...env, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...env, TRUST_PROXY: '10.0.0.0/8, loopback,::1' }).trustProxy).toBe(
      '10.0.0.0/8,loopback,::1',
    );
  });

  it.each([
    [{ RATE_LIMIT_SIGNIN: '20' }, /RATE_LIMIT_SIGNIN/],
    [{ RATE_LIMIT_SIGNIN: '0/60' }, /RATE_LIMIT_SIGNIN/],
    [{ RATE_LIMIT_PUBLIC: '20/0' }, /RATE_LIMIT_PUBLIC/],
    [{ RATE_LIMIT_PUBLIC: '20/1m' }, /RATE_LIMIT_PUBLIC/],
    [{ RATE_LIMIT_PASSWORD: '5/86401' }, /RATE_LIMIT_PASSWORD/],
    [{ RATE_LIMIT_PASSWORD_IP: '-1/60' }, /RATE_LIMIT_PASSWORD_IP/],
    [{ TRUST_PROXY: '0' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.1,proxy.example' }, /TRUST_PROXY/],
  ])('refuses %j with an error naming the setting', (wrong, message) => {
    expect(() => loadConfig({ ...env, ...wrong })).toThrow(message);
  });
});
