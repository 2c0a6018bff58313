import { afterEach, beforeEach } from 'vitest';
import { noteStart, reportFailure } from './failureEvidence';

beforeEach(noteStart);
afterEach(reportFailure);
