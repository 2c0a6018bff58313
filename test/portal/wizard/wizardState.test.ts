import { describe, expect, it } from 'vitest';
import {
  initialWizardState,
  stepsFor,
  type WizardState,
  wizardKindOf,
  wizardReducer,
} from '../../../src/pages/wizard/wizardState';
import { office365Service, pack, vpnService } from './fixtures';

/** The VPN wizard of s1, loaded, at `step`. */
const vpnAt = (step: number): WizardState => {
  const loaded = wizardReducer(initialWizardState('s1'), {
    type: 'loaded',
    service: vpnService(),
    pack: pack(),
  });
  return wizardReducer(loaded, { type: 'jump', step });
};

describe('the setup wizard state', () => {
  it('holds the service, its token pack and the steps of its wizard once loaded', () => {
    const state = vpnAt(0);
    expect(state).toMatchObject({
      currentStep: 0,
      steps: ['welcome', 'directory', 'radius', 'finish'],
      serviceInstanceId: 's1',
      tokenPackId: 'tp1',
      serviceDetails: vpnService(),
      tokenPackDetail: pack(),
    });
  });

  it('moves one step forward on next, and stays at the last step', () => {
    expect(wizardReducer(vpnAt(1), { type: 'next' }).currentStep).toBe(2);
    expect(wizardReducer(vpnAt(3), { type: 'next' }).currentStep).toBe(3);
  });

  it('moves one step back on previous, and stays at 0', () => {
    expect(wizardReducer(vpnAt(2), { type: 'previous' }).currentStep).toBe(1);
    expect(wizardReducer(vpnAt(0), { type: 'previous' }).currentStep).toBe(0);
  });

  it('jumps to a step, clamped to the steps there are', () => {
    expect(wizardReducer(vpnAt(0), { type: 'jump', step: 2 }).currentStep).toBe(2);
    expect(wizardReducer(vpnAt(1), { type: 'jump', step: 9 }).currentStep).toBe(3);
    expect(wizardReducer(vpnAt(2), { type: 'jump', step: -4 }).currentStep).toBe(0);
  });

  it('remembers the furthest step reached, so that going back keeps the later titles reachable', () => {
    const back = wizardReducer(vpnAt(2), { type: 'previous' });
    expect(back).toMatchObject({ currentStep: 1, furthestStep: 2 });
  });

  it('starts with a token pack at the welcome step, with a blank instance', () => {
    const started = wizardReducer(vpnAt(2), { type: 'start', tokenPackId: 'tp9' });
    expect(started).toMatchObject({
      currentStep: 0,
      tokenPackId: 'tp9',
      serviceInstanceId: null,
      serviceDetails: null,
      tokenPackDetail: null,
    });
  });

  it('chooses the wizard by the template protocol: RADIUS the VPN one, SAML the Office 365 one', () => {
    expect(wizardKindOf('RADIUS')).toBe('vpn');
    expect(wizardKindOf('SAML')).toBe('office365');
    expect(wizardKindOf('OIDC')).toBeNull();
    expect(wizardKindOf(null)).toBeNull();
    expect(stepsFor(office365Service())).toEqual(['welcome', 'directory', 'saml', 'finish']);
    expect(stepsFor(vpnService({ connectorIds: [2] }))).toEqual(['welcome', 'radius', 'finish']);
  });
});
