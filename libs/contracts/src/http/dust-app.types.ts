/**
 * Dust apps (the real service's app runs, which a self-hosted deployment does not have): the
 * official client's exportApps and checkApps still read a space's apps, which here are none.
 */

/** One app a CI asks about (`checkApps`): its id and the hash of the specification it expects. */
export interface AppCheckRequestItem {
  readonly appId: string;
  readonly appHash: string;
}

/** Whether that specification is deployed in the space. */
export interface AppCheckResult extends AppCheckRequestItem {
  readonly deployed: boolean;
}

/** `POST …/spaces/{spaceId}/apps/check`. */
export interface AppsCheckResponse {
  readonly apps: AppCheckResult[];
}

/** `GET …/spaces/{spaceId}/apps/export`: the space's apps with their specifications (always none here). */
export interface ExportAppsResponse {
  readonly apps: never[];
}
