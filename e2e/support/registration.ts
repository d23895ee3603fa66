import type { Locator } from '@playwright/test';

/**
 * The registration popup's required profile fields (name, date of birth, the 18+ box), as a
 * player fills them; `gender` also chooses the optional gender.
 */
export async function fillProfile(dialog: Locator, options: { gender?: boolean } = {}) {
  await dialog.getByLabel('First name').fill('Ana');
  await dialog.getByLabel('Last name').fill('Lopez');
  await dialog.getByLabel('Date of birth').fill('1990-05-01');
  if (options.gender) await dialog.getByLabel('Gender').selectOption('2');
  await dialog.getByLabel(/I am 18 or older/).check();
}
