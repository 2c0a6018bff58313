/**
 * A browser for the web sign-in tests: fetch with a cookie jar (every cookie sent everywhere: the gateway's
 * are scoped by path, which these tests do not need to honour), following redirects itself until a page,
 * or until an address beginning with `stopAt` (the application's, which the tests do not serve).
 */
export function webBrowser(origin: string, stopAt?: string) {
  const jar = new Map<string, string>();
  const remember = (answer: Response) => {
    for (const cookie of answer.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  const cookies = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  /** Goes to `url` (GET, or POST of `form`) and follows redirects: the last answer and its address. */
  async function go(
    url: string,
    form?: Record<string, string>,
  ): Promise<{ answer: Response; url: string; body: string }> {
    let address = new URL(url, origin).toString();
    let init: RequestInit = form
      ? {
          method: 'POST',
          body: new URLSearchParams(form).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }
      : {};
    for (let hop = 0; hop < 10; hop++) {
      const answer = await fetch(address, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string>), cookie: cookies(), 'accept-language': 'en' },
      });
      remember(answer);
      const location = answer.headers.get('location');
      if (answer.status >= 300 && answer.status < 400 && location) {
        address = new URL(location, address).toString();
        init = {};
        if (stopAt && address.startsWith(stopAt)) return { answer, url: address, body: '' };
        continue;
      }
      return { answer, url: address, body: await answer.text() };
    }
    throw new Error('too many redirects');
  }
  return { go, jar };
}
