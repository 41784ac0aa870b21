/** Injection token of the search index port. */
export const SEARCH_INDEX = Symbol('SEARCH_INDEX');
