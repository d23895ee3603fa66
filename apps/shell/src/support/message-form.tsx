import {
  forwardRef,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import styled from 'styled-components';
import { useLingui } from '@lingui/react/macro';
import { isApiError, useShellNavigation } from '@northstar/shell-sdk';
import { controlStyles, describedBy, Field, FieldLabel, FieldMessages } from '@northstar/ui/forms';
import {
  MESSAGE_MAX_LENGTH,
  messageErrors,
  serverMessageErrors,
  type MessageErrors,
  type MessageField,
  type MessageValues,
} from './message-rules.ts';

const Control = styled.textarea<{ $invalid: boolean }>`
  ${controlStyles}
  min-height: 132px;
  padding: 12px 14px;
  line-height: 1.5;
  resize: vertical;
  font: inherit;
`;

const Counter = styled.span<{ $over: boolean }>`
  align-self: flex-end;
  margin-top: -2px;
  font-size: 12px;
  font-variant-numeric: tabular-nums;
  color: ${({ theme, $over }) => ($over ? theme.colors.danger : theme.colors.textMuted)};
`;

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
  /**
   * Shows "n / max" under the field (numbers in the page's locale: the server renders it too).
   * Visual only: going over is said by the field's error.
   */
  counter?: { length: number; max: number; locale: string };
}

/** A failure no field explains (rate limit, an outage): the form's own line. */
export const Notice = styled.p`
  margin: 0;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid rgba(255, 107, 122, 0.45);
  background: rgba(255, 107, 122, 0.1);
  color: ${({ theme }) => theme.colors.text};
`;

/** What a sent form shows instead of itself. */
export const Success = styled.div`
  display: grid;
  justify-items: start;
  gap: 12px;
  padding: 20px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid rgba(47, 210, 122, 0.45);
  background: rgba(47, 210, 122, 0.08);
  &:focus {
    outline: none;
  }
  h3 {
    margin: 0;
    font-size: 18px;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    line-height: 1.55;
  }
`;

/** A multi-line field in the design system's chrome (the forms entry has single-line ones). */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, error, hint, counter, id, ...rest },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  return (
    <Field>
      <FieldLabel htmlFor={fieldId}>{label}</FieldLabel>
      <Control
        ref={ref}
        id={fieldId}
        $invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint, hintId, error, errorId)}
        {...rest}
      />
      {counter ? (
        <Counter $over={counter.length > counter.max} aria-hidden="true">
          {counter.length.toLocaleString(counter.locale)} /{' '}
          {counter.max.toLocaleString(counter.locale)}
        </Counter>
      ) : null}
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </Field>
  );
});

/** §5 a field error in the page's language: the rules' codes and the server's. */
export function useMessageErrorText(): (
  field: MessageField,
  code: string | undefined,
) => string | undefined {
  const { t } = useLingui();
  const { locale } = useShellNavigation();
  return (field, code) => {
    if (!code) return undefined;
    const max = MESSAGE_MAX_LENGTH.toLocaleString(locale);
    switch (code) {
      case 'required':
        return field === 'email'
          ? t({ id: 'support.error.emailRequired', message: 'Insert email address' })
          : t({ id: 'support.error.messageRequired', message: 'Write your message first' });
      case 'email':
        return t({ id: 'support.error.email', message: 'Wrong email address' });
      case 'max_length':
        return field === 'email'
          ? t({ id: 'support.error.email', message: 'Wrong email address' })
          : t({ id: 'support.error.tooLong', message: `Keep it to ${max} characters or fewer` });
      default:
        return t({ id: 'support.error.wrongField', message: 'Check this value' });
    }
  };
}

export type MessageFormStatus = 'editing' | 'sending' | 'sent';

/**
 * A support form's state (§5 timing: errors on submit, then on every change; the first failing
 * field focused): its values, field errors (codes, the rules' or the server's), a notice for a
 * failure no field explains (rate limit, an outage), and `sent` once `send` has answered.
 */
export function useMessageForm(options: {
  emailRequired: boolean;
  /** The server's parameter names → the form's fields. */
  parameters: Readonly<Record<string, MessageField>>;
  send: (values: MessageValues) => Promise<unknown>;
}) {
  const { t } = useLingui();
  const [values, setValues] = useState<MessageValues>({ email: '', message: '' });
  const [errors, setErrors] = useState<MessageErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [status, setStatus] = useState<MessageFormStatus>('editing');
  const emailRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);

  const validate = (next: MessageValues) =>
    messageErrors(next, { emailRequired: options.emailRequired });

  const change = (field: MessageField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validate(next));
  };

  const focusFirst = (found: MessageErrors) => {
    const target = found.email ? emailRef.current : found.message ? messageRef.current : null;
    target?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'sending') return;
    setSubmitted(true);
    setNotice(null);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    setStatus('sending');
    try {
      await options.send({ email: values.email.trim(), message: values.message.trim() });
      setStatus('sent');
    } catch (error) {
      setStatus('editing');
      const fromServer = isApiError(error)
        ? serverMessageErrors(error.invalidParameters, options.parameters)
        : {};
      if (Object.keys(fromServer).length > 0) {
        setErrors(fromServer);
        focusFirst(fromServer);
        return;
      }
      setNotice(
        isApiError(error) && (error.type === 'TooManyRequests' || error.status === 429)
          ? t({
              id: 'support.problem.tooMany',
              message:
                'You have sent several messages in a short time. Please wait a few minutes, then try again.',
            })
          : t({
              id: 'support.problem.generic',
              message: 'We could not send your message just now. Please try again in a moment.',
            }),
      );
    }
  };

  const reset = () => {
    setValues({ email: '', message: '' });
    setErrors({});
    setSubmitted(false);
    setNotice(null);
    setStatus('editing');
  };

  return { values, errors, notice, status, change, submit, reset, emailRef, messageRef };
}
