import { startIntervalJob } from './interval-job.ts';
/**
 * What the sandbox providers (payments, KYC) share when they call the platform back as their
 * real counterparts do: the retry schedule, one signed POST, and a worker that runs delivery
 * passes on a timer. Each provider keeps its own table and its own lease query (which events are
 * due, in which order), so only the transport and the timing live here.
 */

/** After this many failed deliveries a sandbox stops trying (a real provider gives up too). */
export const MAX_ATTEMPTS = 12;

/** Seconds before the next try after `attempts` failures: 2, 4, 8, … up to 5 minutes. */
export const retryDelay = (attempts: number) => Math.min(300, 2 ** attempts);

/** POSTs a signed JSON webhook; true on a 2xx, false on anything else (or no answer in 10 s). */
export async function postSignedWebhook(
  url: string,
  body: string,
  signature: string,
): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sandbox-signature': signature },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** Runs `pass` every `intervalMs` until stopped; a pass never overlaps the next. */
export function startDeliveryWorker(name: string, pass: () => Promise<number>, intervalMs = 500) {
  return startIntervalJob(`[${name}] webhook delivery failed`, pass, intervalMs);
}
