import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { useTranslate, type ValidationErrorMessage, type Validator } from 'react-admin';
import { explainFailure, type FailureOptions } from './failure';

export type FormValues = Record<string, string | boolean>;
type Name<V> = keyof V & string;
export type FormRules<V extends FormValues> = Partial<Record<Name<V>, readonly Validator[]>>;

/** The first rule the value breaks, if any (the rules are synchronous). */
const firstError = (
  rules: readonly Validator[] | undefined,
  value: unknown,
  values: FormValues,
): ValidationErrorMessage | undefined => {
  for (const rule of rules ?? []) {
    const error = rule(value, values, {});
    if (error && !(error instanceof Promise)) return error;
  }
  return undefined;
};

export interface PublicFormOptions<V extends FormValues> {
  initialValues: V;
  /**
   * The rules of each field, in the order their errors are told (src/components/validators.ts); a function of
   * the values when a rule depends on another field (the password's on the email).
   */
  rules: FormRules<V> | ((values: V) => FormRules<V>);
  /** How the server's refusals find their fields (see explainFailure). */
  aliases?: FailureOptions['aliases'];
}

/**
 * The state of a public page's form, drawn without react-admin's app, as the sign-in form keeps its own
 * (src/pages/login/CredentialsLoginForm.tsx): a field shows its first error only once the user has touched
 * it (left it after clicking, typing or pressing a key in it) or submitted the form. The server's refusal of
 * a field is said under it until its value changes; any other failure is one message for the form.
 */
export const usePublicForm = <V extends FormValues>({
  initialValues,
  rules: rulesOf,
  aliases,
}: PublicFormOptions<V>) => {
  const translate = useTranslate();
  const names = Object.keys(initialValues) as Name<V>[];
  const [values, setValues] = useState<V>(initialValues);
  const [touched, setTouched] = useState<Partial<Record<Name<V>, boolean>>>({});
  const [refusals, setRefusals] = useState<Partial<Record<Name<V>, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);
  /** Fields the user has clicked, typed or pressed a key in. */
  const engaged = useRef(new Set<string>());
  const inputs = useRef<Partial<Record<string, HTMLInputElement | null>>>({});

  const rules = typeof rulesOf === 'function' ? rulesOf(values) : rulesOf;
  const ruleError = (name: Name<V>) => firstError(rules[name], values[name], values);
  const errorOf = (name: Name<V>): string | undefined => {
    const error = touched[name] ? ruleError(name) : undefined;
    if (!error) return refusals[name];
    return typeof error === 'string' ? translate(error) : translate(error.message, error.args);
  };

  const change = (name: Name<V>, value: string | boolean) => {
    engaged.current.add(name);
    setValues((current) => ({ ...current, [name]: value }));
    setRefusals((current) => {
      if (!(name in current)) return current;
      const { [name]: _, ...others } = current;
      return others as typeof current;
    });
  };

  const common = (name: Name<V>) => ({
    id: name,
    name,
    error: errorOf(name),
    inputRef: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onPointerDown: () => engaged.current.add(name),
    onKeyDown: () => engaged.current.add(name),
    onBlur: () => {
      if (engaged.current.has(name)) setTouched((current) => ({ ...current, [name]: true }));
    },
  });

  /** The props of a text field (FormTextField). */
  const text = (name: Name<V>) => ({
    ...common(name),
    value: String(values[name] ?? ''),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      change(name, event.target.value),
  });

  /** The props of a checkbox (FormCheckbox). */
  const checkbox = (name: Name<V>) => ({
    ...common(name),
    checked: values[name] === true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => change(name, event.target.checked),
  });

  const focus = (name: string | undefined) => {
    if (name) inputs.current[name]?.focus();
  };

  /**
   * The form's submit handler: every field counts as touched; the first invalid one takes the focus, else
   * `send` runs (once at a time). A failure `send` throws is said under its fields, or for the whole form.
   */
  const onSubmit = (send: (values: V) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setTouched(Object.fromEntries(names.map((name) => [name, true])) as Record<Name<V>, boolean>);
    const invalid = names.find((name) => ruleError(name) !== undefined);
    if (invalid) return focus(invalid);
    setFailure(undefined);
    setSending(true);
    try {
      await send(values);
    } catch (error) {
      const explained = explainFailure(error, translate, { fields: names, aliases });
      if (explained.message !== undefined) setFailure(explained.message);
      else {
        setRefusals(explained.fields as Partial<Record<Name<V>, string>>);
        focus(names.find((name) => name in explained.fields));
      }
    } finally {
      setSending(false);
    }
  };

  return { values, text, checkbox, onSubmit, sending, failure };
};
