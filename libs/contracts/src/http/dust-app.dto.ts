import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsObject, ValidateNested } from 'class-validator';
import type { AppCheckRequestItem } from './dust-app.types';
import { NonEmptyText } from './validation/field.decorator';
import { itemCount, MESSAGES } from './validation/validation.messages';

/** Most apps one check asks about. */
export const MAX_APPS_CHECKED = 100;

export class AppCheckRequestItemDto implements AppCheckRequestItem {
  @NonEmptyText(256, 'required', { example: 'a1b2c3d4e5' })
  appId!: string;

  @NonEmptyText(256, 'required', { example: '4f1c0e…' })
  appHash!: string;
}

/** `POST …/spaces/{spaceId}/apps/check` (the client's `AppsCheckRequestSchema`). */
export class AppsCheckDto {
  @ApiProperty({ type: [AppCheckRequestItemDto], maxItems: MAX_APPS_CHECKED })
  @ValidateNested({ each: true })
  @IsObject({ each: true, message: 'must be an array of objects' })
  @ArrayMaxSize(MAX_APPS_CHECKED, { message: itemCount('at most', MAX_APPS_CHECKED) })
  @IsArray({ message: MESSAGES.array })
  @IsDefined({ message: MESSAGES.required })
  @Type(() => AppCheckRequestItemDto)
  apps!: AppCheckRequestItemDto[];
}
