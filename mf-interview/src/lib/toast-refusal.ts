import { apiErrorMessage, isClientError, toast } from '@dblearn/web';

/**
 * A refused write (4xx) tells the person why, in the gateway's words. Anything else already raised
 * "Unexpected Error" in the base API, so it is not announced twice.
 */
export function toastRefusal(error: unknown, fallback: string): void {
  if (isClientError(error)) toast.error(apiErrorMessage(error) ?? fallback);
}
