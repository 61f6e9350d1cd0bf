import { apiErrorMessage, isClientError, toast } from '@dblearn/web';

/**
 * After a failed write: a refusal (4xx) says why in a toast; anything else has already raised
 * "Unexpected Error" in the base query (SPEC §8), so nothing more is shown.
 */
export function reportRefusal(error: unknown, fallback: string): void {
  if (isClientError(error)) toast.error(apiErrorMessage(error) ?? fallback);
}
