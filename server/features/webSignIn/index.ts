import type { FastifyInstance } from 'fastify';
import { defineFeature, type SiteContext } from '../../kit/feature.ts';
import { WebSignIn } from './flow.ts';
import { SCRIPT_BODY, SCRIPT_PATH } from './page.ts';

/** The web sign-in page of every protocol, one per app (its gateway watches the database's changes). */
const pages = new WeakMap<SiteContext['services'], WebSignIn>();

/** The app's web sign-in page (flow.ts), for a protocol's site to hand its sign-ins to. */
export function webSignInOf(scope: FastifyInstance, { db, services }: SiteContext): WebSignIn {
  let page = pages.get(services);
  if (!page) {
    const made = new WebSignIn(db, services, scope.log);
    pages.set(services, made);
    services.listening.webSignInCaughtUp = () => made.caughtUp();
    scope.addHook('onClose', () => made.close());
    page = made;
  }
  return page;
}

/** The web sign-in page (flow.ts) and its script; the protocols' sites (oidcProvider) use it. */
export default defineFeature({
  name: 'webSignIn',
  routes: () => undefined,
  site: (scope) => {
    scope.get(SCRIPT_PATH, (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(SCRIPT_BODY),
    );
  },
});
