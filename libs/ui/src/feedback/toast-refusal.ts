import { apiErrorMessage, isClientError, toast } from '@dblearn/web';

/**
 * After a failed write: a refusal (4xx) is told in a toast, in the gateway's words or `fallback`.
 * Anything else was already handled by the base API ("Unexpected Error", SPEC §8, or only logged),
 * so it is not announced twice.
 */
export function toastRefusal(error: unknown, fallback: string): void {
  if (isClientError(error)) toast.error(apiErrorMessage(error) ?? fallback);
}
