import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@northstar/ui';
import { Input } from '@northstar/ui/forms';
import { useSecurityTexts } from './messages.ts';
import { Actions, Form } from './parts.tsx';
import { codeProblem } from './security-model.ts';

/**
 * One code field and its buttons: checks §5 (6 digits; a recovery code where `recovery`), sends
 * it with `onCode`, and puts the server's refusal (§8 markers) on the field.
 */
export function CodeForm({
  id,
  label,
  hint,
  submitLabel,
  recovery = false,
  onCode,
  children,
  autoFocus = true,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  submitLabel: ReactNode;
  recovery?: boolean;
  onCode: (code: string) => Promise<void>;
  /** More actions after the submit button (cancel, send again). */
  children?: ReactNode;
  autoFocus?: boolean;
}) {
  const texts = useSecurityTexts();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = codeProblem(value, { recovery });
    if (problem) {
      setError(texts.code(problem));
      document.getElementById(id)?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onCode(value.trim());
    } catch (failure) {
      setError(texts.refused(failure));
      document.getElementById(id)?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <Input
        id={id}
        label={label}
        hint={hint}
        autoFocus={autoFocus}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        maxLength={recovery ? 11 : 6}
        value={value}
        onChange={(event) => {
          const typed = event.currentTarget.value;
          setValue(recovery ? typed : typed.replace(/\D/g, '').slice(0, 6));
          if (error) setError(null);
        }}
        error={error ?? undefined}
      />
      <Actions>
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        {children}
      </Actions>
    </Form>
  );
}
