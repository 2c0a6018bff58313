import { TextInput } from 'react-admin';
import { RequiredTextInput, type RequiredTextInputProps } from './RequiredTextInput';

const MONOSPACE = { '& textarea': { fontFamily: 'monospace', fontSize: 13 } } as const;

/** A PEM certificate, pasted: a monospace text area as wide as the form (a `required` one as RequiredTextInput). */
export const CertificateInput = ({
  required = false,
  ...props
}: RequiredTextInputProps & { required?: boolean }) => {
  const Input = required ? RequiredTextInput : TextInput;
  return <Input multiline minRows={4} fullWidth sx={MONOSPACE} {...props} />;
};
