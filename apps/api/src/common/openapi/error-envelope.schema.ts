import type { ErrorEnvelope } from '@app/contracts/errors';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';

// Documentation-only classes: the filter writes plain objects of this shape (ErrorEnvelope in
// @app/contracts/errors, which `implements` ties them to); these exist so @nestjs/swagger can turn
// the shape into a component schema.

@ApiSchema({ name: 'Error' })
class ErrorBody {
  @ApiProperty({
    description: 'Machine-readable error type (snake_case, as in the Dust API); clients should tolerate types they do not know.',
    example: 'conversation_not_found',
  })
  type!: string;

  @ApiProperty({ description: 'Human-readable explanation; never a stack trace.', example: 'The conversation was not found.' })
  message!: string;
}

/** `{"error": {"type", "message"}}`: the body of every error response. */
@ApiSchema({ name: 'ErrorEnvelope' })
export class ErrorEnvelopeSchema implements ErrorEnvelope {
  @ApiProperty({ type: ErrorBody })
  error!: ErrorBody;
}
