import { lazy } from 'react';
import { defineRemoteRoutes } from '@northstar/shell-sdk';
import type { Messages } from '@northstar/i18n';
import { ConfirmationPage, ConfirmationSuccessPage } from './features/pages/confirmation-pages.tsx';

// The embedded forms carry the whole sign-in and registration (form library, field rules, phone
// metadata): their own chunk, so the confirmation pages stay light.
const embedded = () => import('./features/pages/embedded-pages.tsx');
const SignInFormPage = lazy(() => embedded().then((m) => ({ default: m.SignInFormPage })));
const SignUpFormPage = lazy(() => embedded().then((m) => ({ default: m.SignUpFormPage })));

/** Every route the auth remote owns (route table of `@northstar/shell-sdk`). */
export default defineRemoteRoutes({
  name: 'auth',
  messages: (locale) =>
    import(`./locales/${locale}.ts`).then((m: { messages: Messages }) => m.messages),
  pages: {
    signInForm: SignInFormPage,
    signUpForm: SignUpFormPage,
    confirmation: ConfirmationPage,
    confirmationSuccess: ConfirmationSuccessPage,
  },
});
