import { ApiPropertyOptional } from '@nestjs/swagger';
import { NonEmptyText, NullableText } from './validation/field.decorator';
import { InOrder } from './validation/in-order.decorator';
import { ObjectRule } from './validation/object-rule.decorator';
import { IsOmittable } from './validation/presence.decorator';
import { IsStringArray } from './validation/string.decorator';

/** Most parents a view filter holds or a patch changes. */
export const MAX_VIEW_PARENTS = 1000;

/** `POST …/spaces/{spaceId}/data_sources`: a folder data source. */
export class CreateDataSourceDto {
  @NonEmptyText(255, 'required', { example: 'Handbook' })
  name!: string;

  @NullableText(4096, { example: 'The company handbook.' })
  description?: string | null;
}

function parentList(description: string): PropertyDecorator {
  return InOrder(
    IsStringArray({ maxItems: MAX_VIEW_PARENTS, itemMinLength: 1, itemMaxLength: 512 }),
    IsOmittable(),
    ApiPropertyOptional({ type: String, isArray: true, description }),
  );
}

/** `PATCH …/data_source_views/{dsvId}`: `{parentsIn}`, or `{parentsToAdd?, parentsToRemove?}`. */
@ObjectRule('parentsPatch', (body) =>
  body.parentsIn !== undefined && (body.parentsToAdd !== undefined || body.parentsToRemove !== undefined)
    ? 'give either parentsIn or parentsToAdd/parentsToRemove, not both'
    : undefined,
)
export class PatchDataSourceViewDto {
  @parentList('The whole filter: the view shows these parents and what lies under them.')
  parentsIn?: string[];

  @parentList('Parents added to the filter.')
  parentsToAdd?: string[];

  @parentList('Parents removed from the filter.')
  parentsToRemove?: string[];
}
