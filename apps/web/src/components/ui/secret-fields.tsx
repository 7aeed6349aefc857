import { InputField, type InputFieldProps } from './field';

/** Field props whose error may also be `null` (no error), as the forms keep it. */
type SecretFieldProps<Fixed extends keyof InputFieldProps> = Omit<InputFieldProps, Fixed | 'error'> & {
  error?: string | null;
};

/** A labelled password input ("Password" unless told otherwise) with its error message. */
export function PasswordField({
  label = 'Password',
  error,
  ...props
}: SecretFieldProps<'type' | 'label'> & {
  label?: InputFieldProps['label'];
  autoComplete: 'current-password' | 'new-password';
}) {
  return <InputField label={label} type="password" error={error ?? undefined} {...props} />;
}

/** The 6-digit code from an authenticator app (spaces allowed, as some apps show "123 456"), with its error message. */
export function TotpCodeField({
  error,
  ...props
}: SecretFieldProps<'label' | 'name' | 'inputMode' | 'autoComplete' | 'pattern' | 'maxLength'>) {
  return (
    <InputField
      label="6-digit code"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={7}
      error={error ?? undefined}
      {...props}
    />
  );
}
