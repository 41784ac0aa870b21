import { IsInt, IsString, MetadataStorage, ValidateNested, ValidationTypes, validate } from 'class-validator';
import { memoizeValidationMetadata } from './validation-metadata-memo';

class Base {
  @IsString()
  name!: string;
}

class Child extends Base {
  @IsInt()
  count!: number;
}

class Holder {
  @ValidateNested()
  child!: Child;
}

type Rule = Parameters<MetadataStorage['addValidationMetadata']>[0];

/** A rule as the decorators register it, with what the lookup reads. */
function rule(target: object, propertyName: string): Rule {
  return { type: ValidationTypes.CUSTOM_VALIDATION, target, propertyName, constraints: [] } as unknown as Rule;
}

describe('memoizeValidationMetadata', () => {
  it('answers what the storage answered, the second time without walking the classes again', () => {
    const storage = new MetadataStorage();
    storage.addValidationMetadata(rule(Base, 'name'));
    storage.addValidationMetadata(rule(Child, 'count'));
    const before = storage.getTargetValidationMetadatas(Child, '', true, false);
    memoizeValidationMetadata(storage);
    const first = storage.getTargetValidationMetadatas(Child, '', true, false);
    expect(first.map((metadata) => metadata.propertyName).sort()).toEqual(before.map((metadata) => metadata.propertyName).sort());
    expect(storage.getTargetValidationMetadatas(Child, '', true, false)).toBe(first);
    expect(storage.getTargetValidationMetadatas(Child, '', false, false)).not.toBe(first);
    expect(storage.getTargetValidationMetadatas(Child, '', true, false, ['admin'])).not.toBe(first);
    const grouped = storage.groupByPropertyName(first);
    expect(Object.keys(grouped).sort()).toEqual(['count', 'name']);
    expect(storage.groupByPropertyName(first)).toBe(grouped);
  });

  it('forgets its answers when a rule is added later', () => {
    const storage = new MetadataStorage();
    memoizeValidationMetadata(storage);
    expect(storage.getTargetValidationMetadatas(Base, '', true, false)).toHaveLength(0);
    storage.addValidationMetadata(rule(Base, 'name'));
    expect(storage.getTargetValidationMetadatas(Base, '', true, false)).toHaveLength(1);
  });

  it('leaves validation with inherited and nested rules as it was', async () => {
    memoizeValidationMetadata();
    const holder = new Holder();
    holder.child = Object.assign(new Child(), { name: 7, count: 'x' }) as unknown as Child;
    const [error] = await validate(holder);
    expect(error?.children?.map((child) => child.property).sort()).toEqual(['count', 'name']);
    holder.child = Object.assign(new Child(), { name: 'n', count: 1 });
    expect(await validate(holder)).toEqual([]);
  });
});
