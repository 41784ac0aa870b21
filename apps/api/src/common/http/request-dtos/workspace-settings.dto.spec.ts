import { UpdateWorkspaceSettingsDto, workspaceSettingsChanges } from '@app/contracts/http/workspace-settings.dto';
import { rejection, validate } from '../../../../../../test/support/request-validation';

// The DTO lives in libs/contracts/src/http; it is checked here, through the api's validation pipe.

describe('UpdateWorkspaceSettingsDto', () => {
  it.each([
    [{ name: 'Acme Corp' }, { name: 'Acme Corp' }],
    [{ name: '  Padded  ' }, { name: 'Padded' }],
    [{ ssoEnforced: true }, { ssoEnforced: true }],
    [
      { whiteListedProviders: ['openai', 'mistral', 'openai'], defaultEmbeddingProvider: 'openai' },
      { whiteListedProviders: ['openai', 'mistral'], defaultEmbeddingProvider: 'openai' },
    ],
    [{ whiteListedProviders: ['anthropic'], defaultEmbeddingProvider: null }, { whiteListedProviders: ['anthropic'], defaultEmbeddingProvider: null }],
    [{ whiteListedProviders: [], defaultEmbeddingProvider: null }, { whiteListedProviders: [], defaultEmbeddingProvider: null }],
    [{ whiteListedProviders: null }, { whiteListedProviders: null }],
    [{ whiteListedProviders: null, defaultEmbeddingProvider: 'openai' }, { whiteListedProviders: null, defaultEmbeddingProvider: 'openai' }],
    [{ regionalModelsOnly: false }, { regionalModelsOnly: false }],
    [{ segmentation: 'interesting' }, { segmentation: 'interesting' }],
    [{ segmentation: null }, { segmentation: null }],
    [{ metadata: { plan: 'pro', seats: 3 } }, { metadata: { plan: 'pro', seats: 3 } }],
    [{ metadata: null }, { metadata: null }],
  ])('accepts %j and changes %j', async (body, changes) => {
    const dto = await validate(UpdateWorkspaceSettingsDto, body);
    expect(workspaceSettingsChanges(dto)).toEqual(changes);
  });

  it.each([
    [{}, 'send exactly one of {name}, {ssoEnforced}, {whiteListedProviders, defaultEmbeddingProvider}, {regionalModelsOnly}, {segmentation}, {metadata}'],
    [{ name: 'a', ssoEnforced: true }, 'send exactly one of'],
    [{ whiteListedProviders: ['openai'] }, 'send exactly one of'],
    [{ defaultEmbeddingProvider: 'openai' }, 'send exactly one of'],
    [{ name: 'x', plan: 'pro' }, `Unrecognized key(s) in object: 'plan'`],
    [{ name: '' }, 'must be a non-empty string of at most 255 characters at "name"'],
    [{ name: '   ' }, 'must be a non-empty string of at most 255 characters at "name"'],
    [{ name: 'x'.repeat(256) }, 'must be a non-empty string of at most 255 characters at "name"'],
    [{ name: null }, 'must be a non-empty string of at most 255 characters at "name"'],
    [{ ssoEnforced: 'yes' }, 'must be a boolean at "ssoEnforced"'],
    [{ whiteListedProviders: ['Open AI'], defaultEmbeddingProvider: null }, 'must be an array of provider ids at "whiteListedProviders"'],
    [{ whiteListedProviders: 'openai', defaultEmbeddingProvider: null }, 'must be an array of provider ids at "whiteListedProviders"'],
    [{ whiteListedProviders: ['openai'], defaultEmbeddingProvider: 5 }, 'must be a provider id or null at "defaultEmbeddingProvider"'],
    [{ regionalModelsOnly: null }, 'must be a boolean at "regionalModelsOnly"'],
    [{ segmentation: 'x'.repeat(256) }, 'must be a string of at most 255 characters or null at "segmentation"'],
    [{ metadata: [] }, 'must be an object or null at "metadata"'],
    [{ metadata: 'pro' }, 'must be an object or null at "metadata"'],
    [{ metadata: { blob: 'x'.repeat(64 * 1024) } }, 'must be at most 64 KiB of JSON at "metadata"'],
  ])('refuses %j', async (body, expected) => {
    const message = await rejection(UpdateWorkspaceSettingsDto, body);
    expect(message).toContain(`Invalid request body: ${expected}`);
  });

  it('refuses a body that is not an object', async () => {
    expect(await rejection(UpdateWorkspaceSettingsDto, [1])).toBe('Invalid request body: Expected object, received array');
  });
});
