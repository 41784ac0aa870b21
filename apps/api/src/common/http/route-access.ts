import { SetMetadata } from '@nestjs/common';

// Who may call a route, as metadata on its handler: the API key guard enforces it, and the OpenAPI
// document reads it (a public route needs no bearer token).

export const IS_PUBLIC_ROUTE = 'isPublicRoute';
/** Marks a route that needs no API key (health checks). */
export const PublicRoute = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC_ROUTE, true);

export const ADMIN_ONLY_ROUTE = 'adminOnlyRoute';
/**
 * Marks a route only admins may call. The guard checks it before the body is validated, so a key
 * without the rights learns nothing about what a valid body would be (403 before 400).
 */
export const AdminOnly = (): MethodDecorator => SetMetadata(ADMIN_ONLY_ROUTE, true);

export const PERSON_ROUTE = 'personRoute';
/**
 * Marks a route of a person rather than a workspace (`/api/v1/me`, their tokens and sessions): the
 * guard resolves who calls (a personal access token, a session, or a key bound to a member) and
 * leaves the workspace out.
 */
export const PersonRoute = (): MethodDecorator & ClassDecorator => SetMetadata(PERSON_ROUTE, true);

/** The PERSON_ROUTE value of a route that manages the person's account: their tokens and sessions. */
export const PERSON_ACCOUNT = 'account';
/**
 * Marks a person route that manages the account's own credentials (personal access tokens,
 * sessions, signing out everywhere): a signed-in session or a personal access token may call it,
 * never an API key bound to a member. Such a key reaches its own workspace only, and an account's
 * credentials reach every workspace of the person: a key that could mint a token would escape its
 * workspace, and one that could end sessions would act on the person's other workspaces.
 */
export const PersonAccountRoute = (): MethodDecorator & ClassDecorator => SetMetadata(PERSON_ROUTE, PERSON_ACCOUNT);

/** The PERSON_ROUTE value of a route that also serves a caller presenting no credentials. */
export const PERSON_OR_ANONYMOUS = 'or_anonymous';
/**
 * Marks a person route that also serves someone not signed in (accepting an invitation with a new
 * account): a request with no Authorization header and no live session cookie goes on without a
 * person (`@PersonOrNull()` gives null); any credential it presents is checked as on a person route.
 */
export const PersonRouteOrAnonymous = (): MethodDecorator => SetMetadata(PERSON_ROUTE, PERSON_OR_ANONYMOUS);
