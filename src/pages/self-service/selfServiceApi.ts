import {
  type ContactBody,
  type ResetDestination,
  type SignupBody,
  selfService,
} from '../../../contract/selfService';
import { API_URL } from '../../config';
import { createHttpClient } from '../../dataProviders/transport';
import { sessionStore } from '../../session';

/**
 * The public self-service calls (contract/selfService.ts), made from pages drawn without react-admin's app:
 * through the portal's transport (its guard lets only PUBLIC_CALLS go without a token, and it turns the
 * server's refusals into HttpErrors whose message is the catalogue key, field refusals in `body.errors`).
 * A signed-in visitor's token goes along; the server ignores it on these calls, and nothing here signs out.
 */
const http = createHttpClient(API_URL, { getSession: () => sessionStore.get() });

const { calls } = selfService;

const post = async <T>(path: string, body: unknown): Promise<T> =>
  (await http<T>(path, { method: 'POST', body: JSON.stringify(body) })).json;

export interface ActivationAnswer {
  email: string;
  /** The plan chosen before signing up, to buy once signed in. */
  tierId: string | null;
}

export interface ResetPasswordBody {
  token: string;
  newPassword: string;
  confirmPassword: string;
}

export const selfServiceApi = {
  signup: (body: SignupBody) => post<{ email: string }>(calls.signup.path, body),
  activate: (token: string) => post<ActivationAnswer>(calls.activate.path, { token }),
  forgotPassword: (email: string, to: ResetDestination) =>
    post<{ success: boolean }>(calls.forgotPassword.path, { email, to }),
  resetPassword: (body: ResetPasswordBody) => post<{ success: boolean }>(calls.resetPassword.path, body),
  verifyRecoveryEmail: (token: string) =>
    post<{ recoveryEmail: string }>(calls.verifyRecoveryEmail.path, { token }),
  contactUs: (body: ContactBody) => post<{ success: boolean }>(calls.contactUs.path, body),
};
