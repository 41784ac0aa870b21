import { getMetadataStorage } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage>;
type Lookup = Storage['getTargetValidationMetadatas'];
type Metadatas = ReturnType<Lookup>;
type Grouped = ReturnType<Storage['groupByPropertyName']>;

const memoized = new WeakSet<Storage>();

/**
 * Makes class-validator look up a class's validation rules once instead of on every validation.
 * Its `getTargetValidationMetadatas` walks every class that has rules (hundreds here), asking of
 * each whether the validated class inherits from it, for every object validated, nested ones
 * included: about a tenth of what posting a message cost the server. The rules are fixed once the
 * DTO modules are loaded; a rule added later (a class loaded late) empties the memo. The rules of
 * a class grouped by property, which it also rebuilt each time, are kept beside them.
 * The answers are shared: class-validator only reads them.
 */
export function memoizeValidationMetadata(storage: Storage = getMetadataStorage()): void {
  if (memoized.has(storage)) return;
  memoized.add(storage);
  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const groups = new WeakMap<Metadatas, Grouped>();
  let answers = new Map<unknown, Map<string, Metadatas>>();
  storage.addValidationMetadata = (metadata) => {
    answers = new Map();
    add(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups === undefined ? '' : groups.join('\u0001')}`;
    let byOptions = answers.get(target);
    if (!byOptions) {
      byOptions = new Map();
      answers.set(target, byOptions);
    }
    let found = byOptions.get(key);
    if (!found) {
      found = lookup(target, schema, always, strictGroups, groups);
      byOptions.set(key, found);
    }
    return found;
  };
  storage.groupByPropertyName = (metadatas) => {
    let grouped = groups.get(metadatas);
    if (!grouped) {
      grouped = group(metadatas);
      groups.set(metadatas, grouped);
    }
    return grouped;
  };
}
