import { FakeOpenAIServer } from './fake-openai-server';

/** The fake OpenAI server of a spec file: what the app under test is pointed at. */
export interface FakeOpenAIFixture {
  /** Started before the spec file's tests, reset before each test, closed after them. */
  readonly server: FakeOpenAIServer;
}

/**
 * Registers the fake server's lifecycle hooks in the calling spec file; call it at the top level.
 * Loads nothing of the api: e2e specs reach the server only through the app's settings.
 */
export function useFakeOpenAI(): FakeOpenAIFixture {
  let started: FakeOpenAIServer | undefined;
  beforeAll(async () => {
    started = await FakeOpenAIServer.start();
  });
  afterAll(async () => {
    await started?.close();
  });
  beforeEach(() => started?.reset());
  return {
    get server() {
      if (started === undefined) throw new Error('the fake OpenAI server is only there inside tests');
      return started;
    },
  };
}
