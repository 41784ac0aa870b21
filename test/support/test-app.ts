import type { WorkspaceRole } from '@app/contracts/events/workspace.events';
import type { DynamicModule } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';

import { loadApiConfig, type ApiConfig } from '../../apps/api/src/config/api-config';
import { createApp } from '../../apps/api/src/create-app';
import { ReadModels } from '../../apps/api/src/event-sourcing/reading/read-models';
import { CreateApiKeyCommand } from '../../apps/api/src/workspaces/commands/create-api-key.command';
import { CreateWorkspaceCommand } from '../../apps/api/src/workspaces/commands/create-workspace.command';

export interface TestApp {
  readonly app: NestExpressApplication;
  readonly baseUrl: string;
  readonly dataDir: string;
  readonly config: ApiConfig;
  /** Creates a workspace and returns its id and an admin key, usable at once. */
  createWorkspace(name?: string): Promise<{ workspaceId: string; apiKey: string }>;
  /** Creates a key of a role (optionally bound to a member), usable at once. */
  createKey(workspaceId: string, role: WorkspaceRole, email?: string): Promise<string>;
  close(options?: { keepData?: boolean }): Promise<void>;
}

/** Starts the real api (embedded stores in a fresh temp directory) on a random port. */
export async function startTestApp(env: Record<string, string> = {}, dataDir?: string, extraModules: readonly DynamicModule[] = []): Promise<TestApp> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'wcs-e2e-'));
  const config = loadApiConfig({ DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'silent', BOOTSTRAP_WORKSPACE: 'false', ...env });
  const app = await createApp(config, pino({ level: 'silent' }), extraModules);
  // PORT is 0 (any free port) unless a test needs to know the address first (a PUBLIC_URL registered elsewhere).
  await app.listen(config.port, '127.0.0.1');
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const commandBus = app.get(CommandBus);
  const readModels = app.get(ReadModels);
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir: dir,
    config,
    async createWorkspace(name = 'Test workspace') {
      const created = await commandBus.execute(new CreateWorkspaceCommand(name, 'us-central1'));
      await readModels.waitFor(created.position);
      return { workspaceId: created.workspaceId, apiKey: created.apiKey };
    },
    async createKey(workspaceId, role, email) {
      const created = await commandBus.execute(new CreateApiKeyCommand(workspaceId, role, email ?? null));
      await readModels.waitFor(created.position);
      return created.apiKey;
    },
    async close(options) {
      await app.close();
      if (!options?.keepData && !dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** fetch with a bearer key and JSON body; returns status and parsed JSON (or text). */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) {
    body = options.rawBody;
    headers['content-type'] ??= 'application/json';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: keep the text so the assertion shows it.
  }
  return { status: response.status, body: parsed, headers: response.headers };
}
