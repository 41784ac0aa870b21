import { registerDecorator, type ValidationArguments } from 'class-validator';

/**
 * Property name under which class-level rules are registered. Their errors carry it as their
 * `property`, and the exception factory leaves an empty segment out of the path, so a rule's
 * failure is reported at the path of the object itself (`contentFragments.1`, or the body).
 */
export const WHOLE_OBJECT = '';

/** Answers why an object breaks a rule, or `undefined` when it keeps it. */
export type ObjectCheck = (object: Readonly<Record<string, unknown>>) => string | undefined;

/**
 * A rule on a whole object (a union of shapes, keys that go together), for what single-property
 * decorators cannot say. Properties are checked first; the rule runs on the transformed instance.
 */
export function ObjectRule(name: string, check: ObjectCheck): ClassDecorator {
  return (target: object) => {
    if (typeof target !== 'function') return;
    registerDecorator({
      name,
      target,
      propertyName: WHOLE_OBJECT,
      validator: {
        validate: (_value: unknown, args: ValidationArguments) => check(fieldsOf(args.object)) === undefined,
        defaultMessage: (args?: ValidationArguments) => (args ? (check(fieldsOf(args.object)) ?? name) : name),
      },
    });
  };
}

/** The keys an object was sent with (a key whose value is `undefined` was not sent: JSON has none). */
export function sentKeys(object: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(object).filter((key) => object[key] !== undefined);
}

function fieldsOf(object: object): Readonly<Record<string, unknown>> {
  return { ...object };
}
