import { z } from 'zod';

/** CONTRACT "Conventions": every 4xx and 5xx body. */
export const ErrorEnvelopeAnswer = z
  .object({
    statusCode: z.number().int().meta({ example: 400 }),
    error: z.string().meta({ example: 'Bad Request' }),
    message: z.union([z.string(), z.array(z.string())]).meta({
      description: 'A sentence a person can read; for broken validation rules, one sentence per rule.',
      example: ['E-mail must be a valid e-mail address.'],
    }),
  })
  .meta({ id: 'ErrorEnvelope' });
