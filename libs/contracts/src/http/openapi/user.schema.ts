import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { UserWire } from '../resource.types';

// Documentation-only class: `implements` ties it to the wire type it describes.

/** Schema of a user. */
@ApiSchema({ name: 'User' })
export class UserSchema implements UserWire {
  @ApiProperty({ type: 'string' })
  sId!: string;

  @ApiProperty({ type: 'integer' })
  id!: number;

  @ApiProperty({ type: 'integer', description: 'Milliseconds since the epoch.' })
  createdAt!: number;

  @ApiProperty({ type: 'string', nullable: true })
  provider!: string | null;

  @ApiProperty({ type: 'string' })
  username!: string;

  @ApiProperty({ type: 'string' })
  email!: string;

  @ApiProperty({ type: 'string' })
  firstName!: string;

  @ApiProperty({ type: 'string', nullable: true })
  lastName!: string | null;

  @ApiProperty({ type: 'string' })
  fullName!: string;

  @ApiProperty({ type: 'string', nullable: true })
  image!: string | null;
}
