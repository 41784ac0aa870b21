import { TransformationType, type ClassTransformOptions } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';

type DtoClass = new () => object;

/**
 * Turns a request's parsed JSON into a DTO instance for the validation pipe, in one pass whose work
 * is proportional to the value's size. It reads the `@Type` and `@Transform` metadata of
 * class-transformer's decorators (the only ones the DTOs use) and gives each instance every key it
 * was sent, as sent. class-transformer's own walk is quadratic in an object's keys (it deduplicates
 * them with an `indexOf` per key: 100,000 keys held the event loop for 7.6 s), copies every value
 * below, and drops `constructor` and the names of Object.prototype's methods in silence. Values
 * below a property without `@Type` are JSON and stay as parsed. Keys that name a prototype member
 * never get here: the pipe refuses them first (see reserved-keys).
 */
export function plainToDto(cls: DtoClass, plain: unknown, options: ClassTransformOptions = {}): unknown {
  if (Array.isArray(plain)) return plain.map((item: unknown) => plainToDto(cls, item, options));
  if (!isPlainObject(plain)) return plain;
  const instance = new cls();
  for (const key of Object.keys(plain)) {
    let value: unknown = plain[key];
    const typed = defaultMetadataStorage.findTypeMetadata(cls, key);
    const nested: unknown = typed ? typed.typeFunction({ newObject: instance, object: plain, property: key }) : undefined;
    if (isDtoClass(nested)) value = plainToDto(nested, value, options);
    for (const { transformFn } of defaultMetadataStorage.findTransformMetadatas(cls, key, TransformationType.PLAIN_TO_CLASS)) {
      value = transformFn({ value, key, obj: plain, type: TransformationType.PLAIN_TO_CLASS, options });
    }
    Object.defineProperty(instance, key, { value, writable: true, enumerable: true, configurable: true });
  }
  return instance;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

const NOT_DTOS: readonly unknown[] = [String, Number, Boolean, Object, Array, Date];

function isDtoClass(value: unknown): value is DtoClass {
  return typeof value === 'function' && !NOT_DTOS.includes(value);
}
