import { defineRemoteRoutes } from '@northstar/shell-sdk';
import type { Messages } from '@northstar/i18n';
import { SignInFormPage, SignUpFormPage } from './features/pages/embedded-pages.tsx';
import { ConfirmationPage, ConfirmationSuccessPage } from './features/pages/confirmation-pages.tsx';

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
