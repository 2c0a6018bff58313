/**
 * The web sign-in page's script (page.ts serves this function's source, called at once): while the app is
 * asked, it counts the seconds down and asks the page's status every two seconds; once the app answered it
 * goes on (to the application, or to the page's next state). The page that hands the protocol's answer to
 * the application (SAML) posts its form at once. Without the script, the page's buttons do the same.
 * It must stand alone: nothing from outside the function (it runs in the browser, from its source).
 */
export function signInPageScript(): void {
  const post = document.getElementById('post');
  if (post instanceof HTMLFormElement) {
    post.submit();
    return;
  }
  const wait = document.getElementById('wait');
  if (!wait) return;
  const statusUrl = wait.dataset.status ?? '';
  const template = wait.dataset.template ?? '';
  let seconds = Number(wait.dataset.seconds ?? '0');
  let asking = false;
  const timer = window.setInterval(() => {
    seconds = Math.max(0, seconds - 1);
    wait.textContent =
      seconds > 0 ? template.replace('%{seconds}', String(seconds)) : (wait.dataset.expired ?? '');
    if (seconds % 2 === 0 && !asking) {
      asking = true;
      fetch(statusUrl, { headers: { accept: 'application/json' }, credentials: 'same-origin' })
        .then((response) => (response.ok ? response.json() : { state: 'changed' }))
        .then((status: { state: string; location?: string }) => {
          asking = false;
          if (status.state === 'waiting') return;
          window.clearInterval(timer);
          if (status.location) window.location.assign(status.location);
          else window.location.reload();
        })
        .catch(() => {
          asking = false;
        });
    }
    if (seconds === 0) {
      window.clearInterval(timer);
      window.setTimeout(() => window.location.reload(), 1000);
    }
  }, 1000);
}
