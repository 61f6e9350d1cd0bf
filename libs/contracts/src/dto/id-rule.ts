import { TOPICS } from '../topics.js';

/** The message for a malformed id, worded the same for every field of every DTO. */
export const idRule = (name: string) => ({ message: `${name} must be a valid id.` });

/** The message for a topic that is not one of TOPICS, in a query or an event (forms use their label). */
export const topicRule = { message: `topic must be one of: ${TOPICS.join(', ')}.` };
