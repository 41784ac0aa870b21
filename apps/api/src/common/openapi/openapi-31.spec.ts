import { toOpenApi31Schemas } from './openapi-31';

describe('toOpenApi31Schemas', () => {
  it('turns a nullable scalar into a type list with null', () => {
    expect(toOpenApi31Schemas({ type: 'string', nullable: true })).toEqual({ type: ['string', 'null'] });
    expect(toOpenApi31Schemas({ type: 'string', enum: ['a', 'b'], nullable: true })).toEqual({ type: ['string', 'null'], enum: ['a', 'b', null] });
  });

  it('offers null beside a nullable reference, dropping the type swagger adds to it', () => {
    const schema = { type: 'object', nullable: true, description: 'The author', allOf: [{ $ref: '#/components/schemas/User' }] };
    expect(toOpenApi31Schemas(schema)).toEqual({
      description: 'The author',
      anyOf: [{ allOf: [{ $ref: '#/components/schemas/User' }] }, { type: 'null' }],
    });
  });

  it('drops nullable: false and leaves other schemas alone', () => {
    expect(toOpenApi31Schemas({ type: 'integer', nullable: false })).toEqual({ type: 'integer' });
    expect(toOpenApi31Schemas({ type: ['string', 'null'] })).toEqual({ type: ['string', 'null'] });
  });

  it('moves a boolean exclusive bound onto the bound itself', () => {
    expect(toOpenApi31Schemas({ type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: false })).toEqual({
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 1,
    });
  });

  it('rewrites nested schemas, including ones named like keywords, but never example data', () => {
    const document = {
      components: {
        schemas: {
          Message: {
            type: 'object',
            properties: {
              nullable: { type: 'boolean' },
              default: { type: 'string', nullable: true },
              parentId: { type: 'string', nullable: true },
            },
            example: { parentId: null, nested: { nullable: true } },
          },
        },
      },
      paths: { '/x': { get: { responses: { default: { content: { 'application/json': { schema: { type: 'string', nullable: true } } } } } } } },
    };
    const rewritten = toOpenApi31Schemas(document);
    expect(rewritten.paths['/x'].get.responses.default.content['application/json'].schema).toEqual({ type: ['string', 'null'] });
    expect(rewritten.components.schemas.Message).toEqual({
      type: 'object',
      properties: { nullable: { type: 'boolean' }, default: { type: ['string', 'null'] }, parentId: { type: ['string', 'null'] } },
      example: { parentId: null, nested: { nullable: true } },
    });
  });
});
