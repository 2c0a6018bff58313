// The sign-in page's catalogue, asked for as soon as the page is parsed rather than once all of its code has
// run (about 170 ms later on a 2-core machine): login.html runs this before its module. src/i18n/catalogue.ts
// takes the answer when it asks for the same address (/api/i18n/<locale>, the locale react-admin's store
// keeps in RaStore.locale, else English). A classic script, on its own: the page's modules run only once all
// of their code is loaded.
(() => {
  let locale = 'en';
  try {
    const stored = JSON.parse(window.localStorage.getItem('RaStore.locale') ?? 'null');
    if (typeof stored === 'string' && /^[a-z]{2}$/.test(stored)) locale = stored;
  } catch {
    // A frame denied storage: English.
  }
  const url = `/api/i18n/${locale}`;
  const answer = fetch(url, { cache: 'no-cache', headers: { accept: 'application/json' } }).then(
    (response) =>
      response.ok ? response.json() : Promise.reject(new Error(`${url} answered ${response.status}`)),
  );
  answer.catch(() => undefined);
  window.portalCatalogueAhead = { url, answer };
})();
