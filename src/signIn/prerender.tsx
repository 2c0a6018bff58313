import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { en } from '../i18n/en';
import { createPhrasesProvider } from '../i18n/phrases';
import { SignInApp } from './SignInApp';

/** A style Emotion writes beside the element it styles, when drawing without a browser. */
const EMOTION_STYLE = /<style data-emotion="([^"]+)">([\s\S]*?)<\/style>/g;

export interface DrawnPage {
  /** The page's styles, for the head: global ones as they were written, the others in one element. */
  styles: string;
  /** The page's elements, for its root. */
  markup: string;
}

/**
 * The sign-in page drawn ahead, at build time (vite.config.ts writes it into login.html): the page a new
 * visitor sees before its code has loaded, in English, without a session, on its Credentials Login tab,
 * with the product name as the server's placeholder. The browser then takes it over as it is (hydrates it:
 * startSignIn), or draws its own page when its visitor differs (src/signIn/firstScript.js tells).
 *
 * MUI's styles come with it, gathered for the head: before the elements they style, so that the browser
 * reads them once rather than one by one as it reads the page. Emotion finds them there as the page's code
 * loads (`data-emotion`: the key, then the names of the styles it need not write again).
 */
export const renderSignInPage = (): DrawnPage => {
  const page = renderToString(
    <StrictMode>
      <SignInApp i18nProvider={createPhrasesProvider(en)} leave={() => undefined} />
    </StrictMode>,
  );
  const globals = new Set<string>();
  const names: string[] = [];
  const rules: string[] = [];
  for (const [style, attribute = '', rule = ''] of page.matchAll(EMOTION_STYLE)) {
    const [key, ...styleNames] = attribute.split(' ');
    if (key === 'css') {
      names.push(...styleNames);
      rules.push(rule);
    } else globals.add(style);
  }
  return {
    styles: [...globals, `<style data-emotion="css ${names.join(' ')}">${rules.join('')}</style>`].join(''),
    markup: page.replace(EMOTION_STYLE, ''),
  };
};
