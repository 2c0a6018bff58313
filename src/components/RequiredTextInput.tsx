import {
  TextInput,
  type TextInputProps,
  useResourceContext,
  useTranslate,
  type Validator,
} from 'react-admin';
import { requiredField } from './validators';

/**
 * The required rule of the resource's form in context: a missing value is named by its field's label
 * (`resources.<resource>.fields.<field>`).
 */
export const useRequired = () => {
  const translate = useTranslate();
  const resource = useResourceContext();
  return (field: string) => requiredField(translate(`resources.${resource}.fields.${field}`));
};

export interface RequiredTextInputProps extends Omit<TextInputProps, 'validate'> {
  /** The rules checked once the value is given. */
  validate?: Validator | Validator[];
}

/**
 * A text the form cannot be saved without, as wide as the form: marked required, refused empty in the words
 * of its label (its field's, or `label`), then checked by `validate`.
 */
export const RequiredTextInput = ({ validate = [], ...props }: RequiredTextInputProps) => {
  const translate = useTranslate();
  const required = useRequired();
  const { label, source } = props;
  return (
    <TextInput
      isRequired
      fullWidth
      validate={[
        typeof label === 'string' ? requiredField(translate(label)) : required(source),
        ...[validate].flat(),
      ]}
      {...props}
    />
  );
};
