import { createHash } from 'node:crypto';
import { gateway as englishTexts } from '../../../contract/gatewayTexts.ts';
import {
  DEFAULT_THEME_DEFINITION,
  isThemeColour,
  isThemeImagePath,
  type ThemeDefinition,
} from '../../../contract/theme.ts';
import { escapeHtml } from '../../domain/mail/index.ts';
import { signInPageScript } from './client.ts';

/**
 * The web sign-in page (flow.ts decides what it shows): plain HTML forms that work without a script, in the
 * customer's theme (the token pack's, its _Web sign-in_ screen over its common fields), every text from the
 * catalogue. A small script of its own (client.ts, about 1 kB) counts down and polls while the app is asked.
 */

/** The page's texts (`gateway.web`), and the portal's page title (`portal.pageTitle`: `%{title}`, `%{productName}`). */
export type WebTexts = typeof englishTexts.web & { pageTitle: string };

/** What the page draws with from the theme: the Web sign-in screen's fields over the common ones. */
export interface PageTheme {
  backgroundColor: string;
  textColor: string;
  buttonColor: string;
  buttonTextColor: string;
  logo: string;
  companyName: string;
  /** The theme's own title and button label, when it changed the default's (else the catalogue's). */
  title: string | null;
  buttonLabel: string | null;
}

const WEB_SCREEN = 'web-sign-in';

/** The fields of the theme's Web sign-in screen over its common ones, checked again (colours, image paths). */
export function pageThemeOf(definition: ThemeDefinition | null): PageTheme {
  const fields = new Map<string, string>();
  const defaults = new Map<string, string>();
  const read = (from: ThemeDefinition, into: Map<string, string>) => {
    for (const field of from.commonDefs) into.set(field.id, field.value);
    for (const field of from.screenDefs.find((screen) => screen.id === WEB_SCREEN)?.fields ?? []) {
      into.set(field.id, field.value);
    }
  };
  read(DEFAULT_THEME_DEFINITION, defaults);
  read(DEFAULT_THEME_DEFINITION, fields);
  if (definition) read(definition, fields);
  const colour = (id: string) => {
    const value = fields.get(id) ?? '';
    return isThemeColour(value) ? value : (defaults.get(id) ?? '#000000');
  };
  const own = (id: string) => {
    const value = fields.get(id)?.trim() ?? '';
    return value !== '' && value !== defaults.get(id) ? value : null;
  };
  const logo = fields.get('logo') ?? '';
  return {
    backgroundColor: colour('backgroundColor'),
    textColor: colour('textColor'),
    buttonColor: colour('buttonColor'),
    buttonTextColor: colour('buttonTextColor'),
    logo: isThemeImagePath(logo) ? logo : '',
    companyName: fields.get('companyName')?.trim() ?? '',
    title: own('title'),
    buttonLabel: own('buttonLabel'),
  };
}

/** What the page shows. */
export type PageState =
  | { kind: 'password'; userName?: string; error?: string }
  | {
      kind: 'second';
      userName: string;
      /** The app was asked and is waited for this many seconds more; 0: the request expired; null: no app. */
      appSeconds: number | null;
      error?: string;
    }
  | { kind: 'refused'; message: string; canReturn: boolean }
  | { kind: 'expired' }
  | { kind: 'signedOut' }
  /** The gateway's own test of a connector: what the application would receive, name by name. */
  | { kind: 'tried'; rows: [string, string][] }
  /** The protocol's answer, posted to the application (SAML's HTTP-POST binding): by the script, or the button. */
  | { kind: 'post'; url: string; fields: Record<string, string> };

export interface PageView {
  lang: string;
  texts: WebTexts;
  theme: PageTheme;
  productName: string;
  /** The application being signed in to, by its registered name. */
  application: string | null;
  /** Where the forms post to; the status for the script is `${action}/status`. */
  action: string;
  state: PageState;
}

/** `%{name}` placeholders filled in (polyglot's form, as the portal's catalogue writes them). */
export const filled = (text: string, values: Record<string, string | number>): string =>
  text.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/**
 * The client script, from the function's source: in a scope of its own, with the `__name` helper that the
 * TypeScript compilers of the server (tsx, esbuild with keepNames) may call in compiled functions.
 */
export const SCRIPT_BODY = `(function () {\n  var __name = function (f) { return f; };\n  (${signInPageScript.toString()})();\n})();\n`;
/** The client script's address: its content's hash in the name, so that it can be cached for good. */
export const SCRIPT_PATH = `/web-sign-in/page.${createHash('sha256').update(SCRIPT_BODY).digest('hex').slice(0, 12)}.js`;

const html = escapeHtml;

function styles(theme: PageTheme): string {
  return `*{box-sizing:border-box}
body{margin:0;min-height:100vh;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Liberation Sans",sans-serif;line-height:1.5;background:${theme.backgroundColor};color:${theme.textColor};display:flex;align-items:flex-start;justify-content:center}
main{width:100%;max-width:26rem;padding:2.5rem 1.25rem}
main.wide{max-width:44rem}
.logo{display:block;max-height:4rem;max-width:12rem;margin:0 0 1.5rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .25rem}
.sub{margin:0 0 1.5rem;opacity:.85}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{display:block;width:100%;font:inherit;padding:.65rem .75rem;border:1px solid currentColor;border-radius:.375rem;background:#fff;color:#1a1a1a}
input:focus-visible,button:focus-visible{outline:3px solid ${theme.buttonColor};outline-offset:2px}
button{font:inherit;font-weight:600;border-radius:.375rem;padding:.7rem 1rem;cursor:pointer;min-height:2.75rem}
.primary{display:block;width:100%;margin-top:1.5rem;border:0;background:${theme.buttonColor};color:${theme.buttonTextColor}}
.link{background:none;border:0;color:inherit;text-decoration:underline;padding:.5rem 0;margin-top:1rem;text-align:left}
.alert{border-left:4px solid #c62828;background:#fdecea;color:#611a15;padding:.75rem 1rem;margin:0 0 1rem;border-radius:.25rem}
.note{margin:0 0 1rem}
.wait{font-weight:600}
table{width:100%;border-collapse:collapse;margin-top:1rem;font-size:.9375rem}
caption{text-align:left;font-weight:600;margin-bottom:.5rem}
th,td{text-align:left;vertical-align:top;padding:.4rem .5rem .4rem 0;border-bottom:1px solid currentColor;overflow-wrap:anywhere}
hr{border:0;border-top:1px solid currentColor;opacity:.3;margin:1.5rem 0}
.brand{margin-top:2rem;font-size:.875rem;opacity:.8}`;
}

function alert(text: string | undefined): string {
  return text ? `<p class="alert" role="alert">${html(text)}</p>` : '';
}

function cancelForm(view: PageView, label: string, className = 'link'): string {
  return `<form method="post" action="${html(view.action)}"><input type="hidden" name="action" value="cancel"><button type="submit" class="${className}">${html(label)}</button></form>`;
}

function body(view: PageView): { heading: string; content: string } {
  const { texts, theme, state } = view;
  switch (state.kind) {
    case 'password':
      return {
        heading: theme.title ?? texts.title,
        content: `${alert(state.error)}<form method="post" action="${html(view.action)}" novalidate>
<input type="hidden" name="action" value="password">
<label for="username">${html(texts.userName)}</label>
<input id="username" name="username" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="256" value="${html(state.userName ?? '')}"${state.userName ? '' : ' autofocus'}>
<label for="password">${html(texts.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="1024"${state.userName ? ' autofocus' : ''}>
<button type="submit" class="primary">${html(theme.buttonLabel ?? texts.signIn)}</button>
</form>${cancelForm(view, texts.cancel)}`,
      };
    case 'second': {
      const app =
        state.appSeconds === null
          ? ''
          : state.appSeconds > 0
            ? `<p class="note">${html(texts.appAsked)}</p>
<p class="wait" id="wait" data-seconds="${state.appSeconds}" data-template="${html(texts.appWaiting)}" data-expired="${html(texts.appExpired)}" data-status="${html(`${view.action}/status`)}">${html(filled(texts.appWaiting, { seconds: state.appSeconds }))}</p>
<form method="post" action="${html(view.action)}"><input type="hidden" name="action" value="push"><button type="submit" class="link">${html(texts.checkApproval)}</button></form><hr>`
            : `<p class="note">${html(texts.appExpired)}</p>
<form method="post" action="${html(view.action)}"><input type="hidden" name="action" value="ask-again"><button type="submit" class="link">${html(texts.askAgain)}</button></form><hr>`;
      return {
        heading: texts.secondTitle,
        content: `<p class="sub">${html(filled(texts.signedInAs, { user: state.userName }))}</p>${alert(state.error)}${app}
<form method="post" action="${html(view.action)}" novalidate>
<input type="hidden" name="action" value="code">
<label for="code">${html(texts.code)}</label>
<p class="note" id="code-help">${html(state.appSeconds === null ? texts.codeOnly : texts.orCode)}</p>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required aria-describedby="code-help"${state.error || state.appSeconds === null ? ' autofocus' : ''}>
<button type="submit" class="primary">${html(texts.verify)}</button>
</form>${cancelForm(view, texts.cancel)}`,
      };
    }
    case 'refused':
      return {
        heading: texts.refusedTitle,
        content: `<p class="alert" role="alert">${html(state.message)}</p>${state.canReturn ? cancelForm(view, texts.returnToApplication, 'primary') : ''}`,
      };
    case 'expired':
      return { heading: texts.expiredTitle, content: `<p>${html(texts.expiredBody)}</p>` };
    case 'tried': {
      const rows = state.rows
        .map(([name, value]) => `<tr><th scope="row">${html(name)}</th><td>${html(value)}</td></tr>`)
        .join('');
      return {
        heading: texts.tryTitle,
        content: `<p>${html(filled(texts.tryBody, { application: view.application ?? '' }))}</p>
<table><caption>${html(texts.tryCaption)}</caption><thead><tr><th scope="col">${html(texts.tryName)}</th><th scope="col">${html(texts.tryValue)}</th></tr></thead><tbody>${rows}</tbody></table>`,
      };
    }
    case 'signedOut':
      return { heading: texts.signedOutTitle, content: `<p>${html(texts.signedOutBody)}</p>` };
    case 'post': {
      const hidden = Object.entries(state.fields)
        .map(([name, value]) => `<input type="hidden" name="${html(name)}" value="${html(value)}">`)
        .join('');
      return {
        heading: texts.postTitle,
        content: `<p>${html(filled(texts.postBody, { application: view.application ?? '' }))}</p>
<form id="post" method="post" action="${html(state.url)}">${hidden}<button type="submit" class="primary">${html(texts.postContinue)}</button></form>`,
      };
    }
  }
}

/** The whole page. */
export function renderPage(view: PageView): string {
  const { texts, theme } = view;
  const { heading, content } = body(view);
  const logo = theme.logo
    ? `<img class="logo" src="${html(theme.logo)}" alt="${html(theme.companyName)}">`
    : '';
  const toApplication =
    view.application && view.state.kind === 'password'
      ? `<p class="sub">${html(filled(texts.toApplication, { application: view.application }))}</p>`
      : '';
  const script =
    (view.state.kind === 'second' && (view.state.appSeconds ?? 0) > 0) || view.state.kind === 'post';
  return `<!doctype html>
<html lang="${html(view.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${html(filled(texts.pageTitle, { title: heading, productName: view.productName }))}</title>
<style>${styles(theme)}</style>${script ? `<script src="${SCRIPT_PATH}" defer></script>` : ''}</head>
<body><main${view.state.kind === 'tried' ? ' class="wide"' : ''}>${logo}<h1>${html(heading)}</h1>${toApplication}${content}${theme.companyName ? `<p class="brand">${html(theme.companyName)}</p>` : ''}</main></body></html>
`;
}

/**
 * The page a request no sign-in can come of ends on (an unknown application, a malformed or unsigned
 * request, an unregistered address to answer at: never a redirect there), naming the error for the
 * application's administrator.
 */
export function errorPage(error: string): string {
  const { errorTitle, errorBody } = englishTexts.oidc;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${html(errorTitle)}</title></head><body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5"><main><h1>${html(errorTitle)}</h1><p>${html(errorBody)} <code>${html(error)}</code></p></main></body></html>`;
}
