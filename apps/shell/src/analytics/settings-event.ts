/**
 * The footer's "Cookie settings" is a link to this fragment: the analytics part (analytics.tsx,
 * loaded after the page) shows the cookie banner again when the address has it, and takes it off
 * the address (followed before the part came, the part opens the banner as it comes). A choice is
 * changed as easily as it was made, and the footer needs no script for it. Its own module, so the
 * footer does not import the analytics part.
 */
export const COOKIE_SETTINGS_HASH = '#cookie-settings';
