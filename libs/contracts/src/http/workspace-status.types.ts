import type { ReadinessResponse } from './health.types';

/** A model provider the deployment is configured with, and how many of its models it offers. */
export interface ConfiguredProvider {
  readonly providerId: string;
  readonly models: number;
}

/**
 * `GET /api/w/{wId}/status` (admins): the facts `/readyz` and `/metrics` report, as JSON a page
 * reads, with what the deployment is configured with for this workspace.
 */
export interface WorkspaceStatusResponse {
  /** The service's version (its package version). */
  readonly version: string;
  /** The deployment's region, which `regionalModelsOnly` keeps models to. */
  readonly region: string;
  /** What `GET /readyz` answers at the same moment; the projector's lag and failed events are the `/metrics` gauges' values. */
  readonly readiness: ReadinessResponse;
  /** The providers the deployment has credentials for, whatever this workspace allows. */
  readonly providers: readonly ConfiguredProvider[];
  /** Whether search ranks by embeddings for this workspace, and if not, why it is lexical only. */
  readonly search: { readonly embeddings: boolean; readonly lexicalOnlyReason: string | null };
  /** How people sign in: a password always, single sign-on when an OpenID Connect provider is configured. */
  readonly signIn: { readonly password: true; readonly oidc: { readonly label: string; readonly issuer: string } | null };
}
