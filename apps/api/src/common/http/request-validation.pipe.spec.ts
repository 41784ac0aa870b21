import { ApiError } from './api-error';
import { IsInt, IsOptional, IsString } from 'class-validator';
import { RequestValidationPipe } from './request-validation.pipe';

class OptionalQuery {
  @IsOptional()
  @IsInt()
  limit?: number;

  kind = 'default';
}

class RequiredQuery {
  @IsString()
  q!: string;
}

const asQuery = (metatype: new () => object) => ({ type: 'query' as const, metatype, data: undefined });

describe('RequestValidationPipe: empty queries', () => {
  it('answers an empty query with a fresh instance of the DTO, every time', async () => {
    const pipe = new RequestValidationPipe();
    const first = await pipe.transform({}, asQuery(OptionalQuery));
    const second = await pipe.transform({}, asQuery(OptionalQuery));
    expect(first).toBeInstanceOf(OptionalQuery);
    expect(second).toBeInstanceOf(OptionalQuery);
    expect(second).not.toBe(first);
    expect({ ...(second as object) }).toStrictEqual({ kind: 'default' });
  });

  it('refuses an empty query every time when the DTO requires a parameter', async () => {
    const pipe = new RequestValidationPipe();
    await expect(pipe.transform({}, asQuery(RequiredQuery))).rejects.toBeInstanceOf(ApiError);
    await expect(pipe.transform({}, asQuery(RequiredQuery))).rejects.toBeInstanceOf(ApiError);
    await expect(pipe.transform(Object.create(null), asQuery(RequiredQuery))).rejects.toBeInstanceOf(ApiError);
  });

  it('still validates a query that has parameters', async () => {
    const pipe = new RequestValidationPipe();
    await pipe.transform({}, asQuery(OptionalQuery));
    await expect(pipe.transform({ limit: 'x' }, asQuery(OptionalQuery))).rejects.toBeInstanceOf(ApiError);
  });
});
