import { apiErrorMessage, isClientError, toast } from '@dblearn/web';

/**
 * A refused write (4xx) is told in the gateway's words. Anything else was already handled by the
 * base API ("Unexpected Error", or only logged for replies), so it is not announced twice.
 */
export function announceRefusal(error: unknown, fallback: string): void {
  if (!isClientError(error)) return;
  toast.error(apiErrorMessage(error) ?? fallback);
}
