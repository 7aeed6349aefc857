import { InputField } from '../../../components/ui/field';
import { PasswordField } from '../../../components/ui/secret-fields';

interface PasswordAndCodeFieldsProps {
  password: string;
  onPassword: (value: string) => void;
  /** Leave out to ask for the password alone (two-factor off). */
  code?: { value: string; onChange: (value: string) => void; hint?: string };
  errors: { password?: string; code?: string };
  busy: boolean;
}

/** The password (focused first) and an authenticator or recovery code that confirm a risky account change. */
export function PasswordAndCodeFields({ password, onPassword, code, errors, busy }: PasswordAndCodeFieldsProps) {
  return (
    <>
      <PasswordField
        autoComplete="current-password"
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        error={errors.password}
        disabled={busy}
        data-autofocus
      />
      {code && (
        <InputField
          label="Code"
          autoComplete="one-time-code"
          hint={code.hint}
          value={code.value}
          onChange={(e) => code.onChange(e.target.value)}
          error={errors.code}
          disabled={busy}
        />
      )}
    </>
  );
}
