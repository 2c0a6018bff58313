// The sign-in page's catalogue, asked for as soon as the page is parsed rather than once all of its code has
// run (about 170 ms later on a 2-core machine). login.html runs this classic script first in its head, so
// before its module (a module runs once the page is parsed); src/i18n/catalogue.ts takes the answer when
// it asks for the same address: /api/i18n/<locale>, the locale react-admin's store keeps in RaStore.locale
// when it is one of LOCALES (contract/locales.ts; a test holds the two lists equal), else English. A visitor
// with a stored session asks for its customer's catalogue: nothing is asked for ahead then.
(() => {
  const LOCALES = ['en', 'vi'];
  let locale = 'en';
  try {
    if (window.localStorage.getItem('portal.session') !== null) return;
    const stored = JSON.parse(window.localStorage.getItem('RaStore.locale') ?? 'null');
    if (LOCALES.includes(stored)) locale = stored;
  } catch {
    // A frame denied storage, or a stored value that is not JSON: English.
  }
  const url = `/api/i18n/${locale}`;
  const answer = fetch(url, { cache: 'no-cache', headers: { accept: 'application/json' } }).then(
    (response) =>
      response.ok ? response.json() : Promise.reject(new Error(`${url} answered ${response.status}`)),
  );
  answer.catch(() => undefined);
  window.portalCatalogueAhead = { url, answer };
})();
