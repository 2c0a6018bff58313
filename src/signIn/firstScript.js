// The sign-in page's catalogue, asked for as soon as the page is parsed rather than once all of its code has
// run (about 170 ms later on a 2-core machine). The build writes this script into login.html's head
// (vite.config.ts, without its comment lines; the server allows it by its hash), where it runs as the page is
// read: before the page is shown, and before its module (which runs once the page is parsed), without a
// request of its own. src/i18n/catalogue.ts takes the answer when
// it asks for the same address: /api/i18n/<locale>, the locale react-admin's store keeps in RaStore.locale
// when it is one of LOCALES (contract/locales.ts; a test holds the two lists equal), else English. A visitor
// with a stored session asks for its customer's catalogue: nothing is asked for ahead then.
//
// It also says, before the page is shown, whether the page drawn at build time in its root
// (src/signIn/prerender.tsx: English, no session, the Credentials Login tab, no social links, a product
// name) is this visitor's: `<html data-sign-in="ahead">`, shown at once and taken over by the page's code;
// else `browser`, which login.html's style keeps hidden until the page's code draws the visitor's own.
(() => {
  const LOCALES = ['en', 'vi'];
  const root = document.documentElement;
  const setting = (name) => document.querySelector(`meta[name="${name}"]`)?.content ?? '';
  let locale = 'en';
  let session = false;
  try {
    session = window.localStorage.getItem('portal.session') !== null;
    const stored = JSON.parse(window.localStorage.getItem('RaStore.locale') ?? 'null');
    if (LOCALES.includes(stored)) locale = stored;
  } catch {
    // A frame denied storage, or a stored value that is not JSON: English.
  }
  const qrTab = new URLSearchParams(window.location.search).get('tab') === 'qr';
  const ahead =
    !session && locale === 'en' && !qrTab && setting('social-links') === '' && setting('product-name') !== '';
  root.dataset.signIn = ahead ? 'ahead' : 'browser';
  // A button of the page drawn ahead pressed before the page's code has taken it over (a tab, the language)
  // is pressed again once it has (src/signIn/SignInApp.tsx): the last one, if it is still there. Links are
  // followed by the browser.
  if (ahead) {
    let pressed = null;
    const note = (event) => {
      pressed =
        event.target instanceof Element ? (event.target.closest('button, [role="tab"]') ?? pressed) : pressed;
    };
    document.addEventListener('click', note, true);
    window.portalPressedAhead = () => {
      document.removeEventListener('click', note, true);
      return pressed;
    };
  }
  if (session) return;
  const url = `/api/i18n/${locale}`;
  const answer = fetch(url, { cache: 'no-cache', headers: { accept: 'application/json' } }).then(
    (response) =>
      response.ok ? response.json() : Promise.reject(new Error(`${url} answered ${response.status}`)),
  );
  answer.catch(() => undefined);
  window.portalCatalogueAhead = { url, answer };
})();
