import { Fragment, type ReactNode } from 'react';
import type { TranslateFunction } from 'react-admin';

/** Marks a placeholder's place in a translated text, to be cut there. */
const MARK = '\u0000';

/**
 * A catalogue text with React nodes (links) in its placeholders: `'I agree to the %{termsOfUse} and the
 * %{privacyPolicy}'` with a link in each. The translator keeps the sentence whole, in the language's order.
 */
export const translateWithNodes = (
  translate: TranslateFunction,
  key: string,
  nodes: Record<string, ReactNode>,
): ReactNode[] =>
  translate(key, Object.fromEntries(Object.keys(nodes).map((name) => [name, `${MARK}${name}${MARK}`])))
    .split(MARK)
    .map((part, index) =>
      // Odd parts are the placeholders' names (each once in a text).
      index % 2 === 1 ? <Fragment key={part}>{nodes[part]}</Fragment> : part,
    );
