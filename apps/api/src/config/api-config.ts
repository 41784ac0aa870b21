import { REGIONS, type Region } from '@app/contracts/events/workspace.events';
import {
  ConfigurationError,
  parseBooleanVariable,
  parseIntegerVariable,
  parseStorageConfig,
  type Environment,
  type StorageConfig,
} from '@app/storage';
import { parseModelPrices, pricedCatalog } from './model-price-settings';
import { buildModelCatalog, parseProviderSettings, Secret, type ProviderSettings } from './provider-settings';
import type { ModelEntry } from '@app/contracts/language-models/model.types';
import { parseAgentRunnerSettings, type AgentRunnerSettings } from './agent-runner-settings';
import { parseRateLimitSettings, type RateLimitSettings } from './rate-limit-settings';
import { parseFileExtractionSettings, type FileExtractionSettings } from './file-extraction-settings';
import { parseMcpSettings, type McpSettings } from './mcp-settings';
import { parseRemoteMcpSettings, type RemoteMcpSettings } from './remote-mcp-settings';
import { parseSubscriptionSettings, type SubscriptionSettings } from './subscription-settings';
import { parseSearchSettings, type SearchSettings } from './search-settings';
import { parsePeopleSettings, type PeopleSettings } from './people-settings';
import { parseFileSettings, type FileSettings } from './file-settings';
import { parseFeatureFlags } from './feature-flag-settings';
import { parseTriggerSettings, type TriggerSettings } from './trigger-settings';
import { parseWebSettings, type WebSettings } from './web-settings';

/** Everything the api process is configured with, validated once at boot. */
export interface ApiConfig {
  readonly port: number;
  readonly host: string;
  readonly storage: StorageConfig;
  readonly region: Region;
  /** Base address used in URLs the api returns (conversation `url`, file `uploadUrl`). */
  readonly publicUrl: string;
  /** PUBLIC_URL was set rather than defaulted: only then is it advertised as the API's server. */
  readonly publicUrlConfigured: boolean;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  readonly bodyLimitBytes: number;
  /** Whether this process runs the projector (always with the embedded stores). */
  readonly runProjector: boolean;
  /** Whether this process runs agents for new agent messages. */
  readonly agentRunnerEnabled: boolean;
  /** Appends a command may try when concurrent writers keep moving its stream (retry budget). */
  readonly commandMaxAttempts: number;
  /** Limits and timing of agent runs (concurrency, lease, timeouts, token coalescing). */
  readonly agentRunner: AgentRunnerSettings;
  /** Bound on how long a response waits for the read models to show its own write. */
  readonly readYourWritesTimeoutMs: number;
  /** When /readyz says not ready: the read models trail the log by more events than this, or stand still this long. */
  readonly readiness: { readonly maxLagEvents: number; readonly stuckAfterMs: number };
  /** Create a default workspace and print an admin key on first start with an empty store. */
  readonly bootstrapWorkspace: boolean;
  /** Model providers enabled by their keys (secrets wrapped so they never print). */
  readonly providers: ProviderSettings;
  /** Models this deployment can run, from the enabled providers. */
  readonly modelCatalog: readonly ModelEntry[];
  /** Request budgets per key, per workspace and for failed authentication per address (429 beyond). */
  readonly rateLimits: RateLimitSettings;
  /** Reverse proxies in front of the api: the client address is read that many hops back in X-Forwarded-For. */
  readonly trustProxyHops: number;
  /** Bearer token `GET /metrics` requires; null leaves it open, like /healthz. */
  readonly metricsToken: Secret | null;
  /** Text extraction of uploaded files: worker threads, their heap, time and output limits. */
  readonly fileExtraction: FileExtractionSettings;
  /** Client-side MCP servers: registration lifetime, requests stream timing, call timeout, results body limit. */
  readonly mcp: McpSettings;
  /** Remote MCP servers: the secrets key, private networks, timeouts and the result size limit. */
  readonly remoteMcp: RemoteMcpSettings;
  /** Search index, chunking, embeddings and indexing queue. */
  readonly search: SearchSettings;
  /** Uploads, processing and signed downloads of files. */
  readonly files: FileSettings;
  /** Accounts, sign-in, sessions and single sign-on. */
  readonly people: PeopleSettings;
  /** Where the web app served at `/` was built. */
  readonly web: WebSettings;
  /** The feature flags turned on for every workspace (FEATURE_FLAGS). */
  readonly featureFlags: readonly string[];
  /** The trigger scheduler: on or off, how often it looks, and the test-only clock. */
  readonly triggers: TriggerSettings;
  /** Event subscriptions: whether this process delivers, timeouts, size limit and retries. */
  readonly subscriptions: SubscriptionSettings;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Parses and validates the api configuration; throws a ConfigurationError naming every bad variable. */
export function loadApiConfig(env: Environment): ApiConfig {
  const problems: string[] = [];
  const storage = parseStorageConfig(env, problems);
  const port = parseIntegerVariable(env, 'PORT', 3000, { min: 0, max: 65535 }, problems);
  const region = (env.REGION?.trim() || 'us-central1') as Region;
  if (!REGIONS.includes(region)) problems.push(`REGION must be one of ${REGIONS.join(', ')} (got "${env.REGION}")`);
  const logLevel = (env.LOG_LEVEL?.trim() || 'info') as ApiConfig['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const publicUrl = (env.PUBLIC_URL?.trim() || `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(publicUrl)) problems.push('PUBLIC_URL must be an http(s) URL');
  const providerResult = parseProviderSettings(env);
  if (!providerResult.ok) problems.push(...providerResult.errors);
  const providers: ProviderSettings = providerResult.ok
    ? providerResult.settings
    : { openai: null, anthropic: null, google_ai_studio: null, mistral: null, custom: [] };
  const runProjectorDefault = storage.embedded;
  const runProjector = parseBooleanVariable(env, 'RUN_PROJECTOR', runProjectorDefault, problems);
  if (storage.embedded && !runProjector) problems.push('RUN_PROJECTOR cannot be false with the embedded stores (SQLite has one writer)');
  const config: ApiConfig = {
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    storage,
    region,
    publicUrl,
    publicUrlConfigured: Boolean(env.PUBLIC_URL?.trim()),
    logLevel,
    bodyLimitBytes: parseIntegerVariable(env, 'BODY_LIMIT_BYTES', 8 * 1024 * 1024, { min: 1024, max: 64 * 1024 * 1024 }, problems),
    runProjector,
    agentRunnerEnabled: parseBooleanVariable(env, 'AGENT_RUNNER_ENABLED', true, problems),
    commandMaxAttempts: parseIntegerVariable(env, 'COMMAND_MAX_ATTEMPTS', 25, { min: 1, max: 1000 }, problems),
    agentRunner: parseAgentRunnerSettings(env, problems),
    readYourWritesTimeoutMs: parseIntegerVariable(env, 'READ_YOUR_WRITES_TIMEOUT_MS', 5000, { min: 10, max: 60000 }, problems),
    readiness: {
      maxLagEvents: parseIntegerVariable(env, 'READY_MAX_LAG_EVENTS', 1000, { min: 0, max: 100_000 }, problems),
      stuckAfterMs: parseIntegerVariable(env, 'READY_STUCK_AFTER_MS', 30_000, { min: 100, max: 3_600_000 }, problems),
    },
    bootstrapWorkspace: parseBooleanVariable(env, 'BOOTSTRAP_WORKSPACE', storage.embedded, problems),
    providers,
    modelCatalog: pricedCatalog(buildModelCatalog(providers), parseModelPrices(env.MODEL_PRICES, problems)),
    rateLimits: parseRateLimitSettings(env, problems),
    trustProxyHops: parseIntegerVariable(env, 'TRUST_PROXY_HOPS', 0, { min: 0, max: 10 }, problems),
    metricsToken: parseMetricsToken(env, problems),
    fileExtraction: parseFileExtractionSettings(env, problems),
    mcp: parseMcpSettings(env, problems),
    remoteMcp: parseRemoteMcpSettings(env, problems),
    search: parseSearchSettings(env, storage.dataDir, problems),
    files: parseFileSettings(env, problems),
    people: parsePeopleSettings(env, problems),
    web: parseWebSettings(env, problems),
    featureFlags: parseFeatureFlags(env, problems),
    triggers: parseTriggerSettings(env, problems),
    subscriptions: parseSubscriptionSettings(env, problems),
  };
  if (problems.length > 0) throw new ConfigurationError(problems);
  return config;
}

function parseMetricsToken(env: Environment, problems: string[]): Secret | null {
  const token = env.METRICS_TOKEN?.trim();
  if (!token) return null;
  if (!/^[\x21-\x7e]{16,}$/.test(token)) problems.push('METRICS_TOKEN must be at least 16 printable characters without spaces');
  return new Secret(token);
}

export const API_CONFIG = Symbol('API_CONFIG');
