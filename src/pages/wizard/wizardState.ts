import { CONNECTOR_TYPE_IDS, type ConnectorKind } from '../../../contract/connector';
import type { ServiceInstanceRecord } from '../../../contract/service';
import type { TokenPackRecord } from '../../../contract/tokenPack';

/**
 * The setup wizard's state (docs/requirements/portal-states.md, docs/requirements/billing-services-entities.md Service wizard state, docs/requirements/billing-services-states.md Service wizard): which step is
 * shown, the steps of the service's wizard, and the service and token pack it sets up. Pure: the screens
 * dispatch its actions and draw what it holds.
 */

/** The wizards there are, by the protocol of the service's template. */
export type WizardKind = 'vpn' | 'office365';
export type WizardStepId = 'welcome' | 'directory' | 'radius' | 'saml' | 'finish';

export interface WizardState {
  currentStep: number;
  steps: WizardStepId[];
  serviceInstanceId: string | null;
  tokenPackId: string | null;
  serviceDetails: ServiceInstanceRecord | null;
  tokenPackDetail: TokenPackRecord | null;
  /** The furthest step reached: its title and the titles before it can be clicked to go back to them. */
  furthestStep: number;
}

export type WizardAction =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'jump'; step: number }
  | { type: 'start'; tokenPackId: string }
  | { type: 'loaded'; service: ServiceInstanceRecord; pack: TokenPackRecord | null };

/** RADIUS templates get the VPN wizard, SAML (Office 365) ones the Office 365 wizard; others none. */
export const wizardKindOf = (protocol: string | null | undefined): WizardKind | null => {
  switch (protocol?.toUpperCase()) {
    case 'RADIUS':
      return 'vpn';
    case 'SAML':
      return 'office365';
    default:
      return null;
  }
};

/** The connector type id of a connector kind (ldap_2fa is a directory: type 1). */
export const typeIdOfKind = (kind: ConnectorKind): number =>
  CONNECTOR_TYPE_IDS[kind === 'ldap_2fa' ? 'ldap' : kind];

/**
 * The steps of a service's wizard: welcome first, the directory when its template needs one (connector
 * type 1), the connector of its protocol, and the finish.
 */
export const stepsFor = (
  service: Pick<ServiceInstanceRecord, 'protocol' | 'connectorIds'>,
): WizardStepId[] => {
  const kind = wizardKindOf(service.protocol);
  if (!kind) return ['welcome'];
  const needsDirectory = service.connectorIds.includes(CONNECTOR_TYPE_IDS.ldap);
  return [
    'welcome',
    ...(needsDirectory ? (['directory'] as const) : []),
    kind === 'vpn' ? 'radius' : 'saml',
    'finish',
  ];
};

/** The state before anything is loaded: the welcome step of the service named in the address. */
export const initialWizardState = (serviceInstanceId: string | null = null): WizardState => ({
  currentStep: 0,
  steps: ['welcome'],
  serviceInstanceId,
  tokenPackId: null,
  serviceDetails: null,
  tokenPackDetail: null,
  furthestStep: 0,
});

const clamp = (step: number, steps: readonly unknown[]) =>
  Math.min(Math.max(Number.isFinite(step) ? Math.trunc(step) : 0, 0), Math.max(steps.length - 1, 0));

const at = (state: WizardState, step: number): WizardState => {
  const currentStep = clamp(step, state.steps);
  return { ...state, currentStep, furthestStep: Math.max(state.furthestStep, currentStep) };
};

export const wizardReducer = (state: WizardState, action: WizardAction): WizardState => {
  switch (action.type) {
    // Never past the last step.
    case 'next':
      return at(state, state.currentStep + 1);
    // Never below 0.
    case 'previous':
      return at(state, state.currentStep - 1);
    // Sets a step, within the steps there are.
    case 'jump':
      return at(state, action.step);
    // The welcome step, with a blank instance.
    case 'start':
      return {
        ...state,
        currentStep: 0,
        furthestStep: 0,
        tokenPackId: action.tokenPackId,
        serviceInstanceId: null,
        serviceDetails: null,
        tokenPackDetail: null,
      };
    case 'loaded': {
      const steps = stepsFor(action.service);
      const currentStep = clamp(state.currentStep, steps);
      return {
        ...state,
        steps,
        currentStep,
        furthestStep: Math.min(Math.max(state.furthestStep, currentStep), steps.length - 1),
        serviceInstanceId: action.service.id,
        serviceDetails: action.service,
        tokenPackId: action.service.tokenPackId,
        tokenPackDetail: action.pack,
      };
    }
    default:
      return state;
  }
};
