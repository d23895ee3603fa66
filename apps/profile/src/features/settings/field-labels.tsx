import { useLingui } from '@lingui/react/macro';

/** The personal-data fields' labels and the option words the server sends as keys (§3). */
export function useFieldLabels() {
  const { t } = useLingui();
  const labels: Record<string, string> = {
    first_name: t({ id: 'profile.field.firstName', message: 'First name' }),
    middle_name: t({ id: 'profile.field.middleName', message: 'Middle name' }),
    last_name: t({ id: 'profile.field.lastName', message: 'Last name' }),
    sex: t({ id: 'profile.field.sex', message: 'Gender' }),
    birth_date: t({ id: 'profile.field.birthDate', message: 'Date of birth' }),
    document_type: t({ id: 'profile.field.documentType', message: 'Document type' }),
    document_number: t({ id: 'profile.field.documentNumber', message: 'Document number' }),
    country_code: t({ id: 'profile.field.country', message: 'Country' }),
    region: t({ id: 'profile.field.region', message: 'Region' }),
    home_town: t({ id: 'profile.field.town', message: 'Town or city' }),
    address: t({ id: 'profile.field.address', message: 'Address' }),
    postcode: t({ id: 'profile.field.postcode', message: 'Postcode' }),
  };
  const options: Record<string, string> = {
    male: t({ id: 'profile.option.male', message: 'Male' }),
    female: t({ id: 'profile.option.female', message: 'Female' }),
    passport: t({ id: 'profile.option.passport', message: 'Passport' }),
    driver_license: t({ id: 'profile.option.driverLicense', message: 'Driving licence' }),
    cpf: 'CPF',
    dni: 'DNI',
    nie: 'NIE',
  };
  return {
    label: (name: string) => labels[name] ?? name,
    option: (label: string) => options[label] ?? label,
  };
}
