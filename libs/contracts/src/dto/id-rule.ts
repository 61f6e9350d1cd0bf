/** The message for a malformed id, worded the same for every field of every DTO. */
export const idRule = (name: string) => ({ message: `${name} must be a valid id.` });
