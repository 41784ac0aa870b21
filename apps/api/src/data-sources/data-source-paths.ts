/** The four paths of a route under one data source: canonical and legacy, on both families. */
export function dataSourcePaths(suffix: string): string[] {
  return [
    `api/v1/w/:wId/spaces/:spaceId/data_sources/:dsId${suffix}`,
    `api/w/:wId/spaces/:spaceId/data_sources/:dsId${suffix}`,
    `api/v1/w/:wId/data_sources/:dsId${suffix}`,
    `api/w/:wId/data_sources/:dsId${suffix}`,
  ];
}

/** A route under a space, on both families. */
export function spacePaths(suffix: string): string[] {
  return [`api/v1/w/:wId/spaces/:spaceId${suffix}`, `api/w/:wId/spaces/:spaceId${suffix}`];
}
