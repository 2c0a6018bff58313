import { fetchUtils } from 'react-admin';
import { API_URL } from '../../../config';
import { toHttpError } from '../../../dataProviders/transport';

/**
 * The seamless (QR) sign-in calls of docs/requirements/sign-in-and-session-calls.md. They are made before anyone is signed in, from the
 * sign-in page, so they carry no token; their errors have the server's usual shape.
 */

export type SeamlessStatus = 'INITIAL' | 'TIMEOUT' | 'APPROVE' | 'REJECT';

export interface SeamlessSession {
  sessionId: string;
  idSignature: string;
  expiresInSec?: number;
}

export interface SeamlessRequest {
  clientId: string;
  redirectUrl: string;
  state?: string;
  responseType?: string;
  responseMode?: 'form_post' | 'query';
}

export interface AuthenticateAnswer {
  redirectUrl: string;
  responseMode: 'form_post' | 'query';
  fields: Record<string, string>;
}

export interface SeamlessApi {
  initSession(request: SeamlessRequest): Promise<SeamlessSession>;
  status(sessionId: string): Promise<SeamlessStatus>;
  authenticate(session: SeamlessSession): Promise<AuthenticateAnswer>;
}

/** The realm is 'r-' plus the client id's second dash-separated part. */
export const realmOf = (clientId: string): string => `r-${clientId.split('-')[1] ?? ''}`;

/**
 * A call made before anyone is signed in (no token), failing with the server's error as an HttpError whose
 * message is its messageKey. The second factor's sign-in request is polled with it too.
 */
export const publicCall = async <T>(path: string, options: fetchUtils.Options = {}): Promise<T> => {
  try {
    return (await fetchUtils.fetchJson(`${API_URL}${path}`, options)).json as T;
  } catch (error) {
    const { status, body } = (error ?? {}) as { status?: number; body?: unknown };
    throw toHttpError(status ?? 0, body);
  }
};

export const seamlessApi: SeamlessApi = {
  initSession: ({ clientId, redirectUrl, state, responseType = 'code', responseMode = 'form_post' }) => {
    const query = new URLSearchParams({
      realm: realmOf(clientId),
      client_id: clientId,
      redirect_url: redirectUrl,
      response_type: responseType,
      response_mode: responseMode,
      ...(state ? { state } : {}),
    });
    return publicCall<SeamlessSession>(`/v-key-seamless/init-session?${query}`);
  },
  status: async (sessionId) =>
    (
      await publicCall<{ status: SeamlessStatus }>(
        `/service-mgmt/seamless/get-request-status-by-id/${encodeURIComponent(sessionId)}`,
      )
    ).status,
  authenticate: ({ sessionId, idSignature }) =>
    publicCall<AuthenticateAnswer>('/v-key-seamless/authenticate', {
      method: 'POST',
      body: JSON.stringify({ sessionId, idSignature }),
    }),
};

/**
 * Hands the answer of `authenticate` to its redirect URL: posted as a hidden form (form_post) or
 * appended as a query string (query).
 */
export const deliver = (answer: AuthenticateAnswer, doc: Document = document): void => {
  if (answer.responseMode === 'query') {
    const url = new URL(answer.redirectUrl, doc.location.href);
    for (const [name, value] of Object.entries(answer.fields)) url.searchParams.set(name, value);
    doc.location.assign(url.toString());
    return;
  }
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = answer.redirectUrl;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(answer.fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  form.submit();
};
