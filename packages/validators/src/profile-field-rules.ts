import { date, email, name, phone, regex, required, type FieldRule } from './rules.ts';
import { latestBirthDate, type FormField } from './profile-fields.ts';

/** A form field's §5 rules: required, then its kind's format, then its definition's pattern. */
export function profileFieldRules(f: FormField, today: Date, minDate: string): FieldRule[] {
  const rules: FieldRule[] = [];
  if (f.required) {
    rules.push(required(f.kind === 'email' || f.kind === 'phone' ? { kind: f.kind } : {}));
  }
  if (f.kind === 'email') rules.push(email());
  if (f.kind === 'phone') rules.push(phone());
  if (f.kind === 'name') rules.push(name());
  // §5 dates: a four-digit year inside a minimum (validator.minDate, 1900-01-01 by default) and
  // a maximum (the last birthday of an adult today).
  if (f.kind === 'date') rules.push(date({ min: minDate, max: latestBirthDate(today) }));
  if (f.pattern && f.kind !== 'name') rules.push(regex(f.pattern));
  return rules;
}
