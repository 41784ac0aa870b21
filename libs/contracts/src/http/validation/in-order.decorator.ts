/**
 * One decorator made of several, whose checks run in the order they are written here (decorators
 * stacked on a property register, and so run, from the bottom up).
 */
export function InOrder(...decorators: readonly PropertyDecorator[]): PropertyDecorator {
  return (target, propertyKey) => {
    for (const decorator of decorators) decorator(target, propertyKey);
  };
}
