/**
 * Sign-up and sign-in analytics (§4 "sign-up analytics events are sent", "the error code goes to
 * analytics"). Events go to the page's `window.northstarAnalytics` queue, the array the
 * operator's analytics code (a content-backend custom code, seeded in demo mode) reads, in the
 * manner of a tag manager's data layer. Without that code the events are simply not collected.
 */
export interface AnalyticsEvent {
  event: string;
  [key: string]: unknown;
}

declare global {
  interface Window {
    northstarAnalytics?: AnalyticsEvent[];
  }
}

export function track(event: AnalyticsEvent): void {
  if (typeof window === 'undefined') return;
  (window.northstarAnalytics ??= []).push({ ...event, at: Date.now() });
}
