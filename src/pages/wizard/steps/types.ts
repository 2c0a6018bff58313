import type { ServiceInstanceRecord } from '../../../../contract/service';
import type { TokenPackRecord } from '../../../../contract/tokenPack';
import type { WizardKind } from '../wizardState';

/** What the wizard remembers between steps, in memory only (a reload forgets it). */
export interface WizardMemory {
  /** A RADIUS shared secret made in this wizard (shown once by the server): the finish step can show it. */
  radiusSecret?: { connectorId: string; secret: string };
  /** The Microsoft 365 domain the federation script is for. */
  domain?: string;
}

/** What the wizard gives each step. */
export interface StepProps {
  kind: WizardKind;
  service: ServiceInstanceRecord;
  /** The service's token pack; null when it could not be read. */
  pack: TokenPackRecord | null;
  /** The first step has no Back. */
  first: boolean;
  onBack: () => void;
  onNext: () => void;
  /** The service or its pack as saved. */
  onChanged: (service: ServiceInstanceRecord, pack: TokenPackRecord | null) => void;
  memory: WizardMemory;
  remember: (memory: Partial<WizardMemory>) => void;
  /** Drawn in the signed-in frame (false: the iframe variant). */
  framed: boolean;
}
