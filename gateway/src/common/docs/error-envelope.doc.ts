import type { ErrorEnvelope } from '@dblearn/contracts';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/** OpenAPI description of CONTRACT's error body. */
@ApiSchema({ name: 'ErrorEnvelope' })
export class ErrorEnvelopeDoc implements ErrorEnvelope {
  @ApiProperty({ example: 400 })
  statusCode!: number;

  @ApiProperty({ example: 'Bad Request' })
  error!: string;

  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
    description: 'A sentence a person can read; for broken validation rules, one sentence per rule.',
    example: ['E-mail must be a valid e-mail address.'],
  })
  message!: string | string[];
}
