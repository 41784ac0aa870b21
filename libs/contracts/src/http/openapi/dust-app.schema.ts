import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type * as Wire from '../dust-app.types';

// Documentation-only classes: `implements` ties each one to the wire type it describes.

@ApiSchema({ name: 'AppCheckResult' })
export class AppCheckResultSchema implements Wire.AppCheckResult {
  @ApiProperty() appId!: string;
  @ApiProperty() appHash!: string;
  @ApiProperty({ description: 'Always false: this deployment runs no Dust apps.' }) deployed!: boolean;
}

/** Schema of `{ apps }` answered by `apps/check`. */
@ApiSchema({ name: 'AppsCheckResponse' })
export class AppsCheckResponseSchema implements Wire.AppsCheckResponse {
  @ApiProperty({ type: () => [AppCheckResultSchema] }) apps!: AppCheckResultSchema[];
}

/** Schema of `{ apps }` answered by `apps/export`: always empty. */
@ApiSchema({ name: 'ExportAppsResponse' })
export class ExportAppsResponseSchema implements Wire.ExportAppsResponse {
  @ApiProperty({ type: 'array', items: { type: 'object' }, maxItems: 0, description: 'Always empty: this deployment runs no Dust apps.' }) apps!: never[];
}
