// MongoDB 5.0 (wire version 13) is where nested `$`-prefixed keys became storable, which the
// document check relies on.
const MIN_WIRE_VERSION = 13;
const NOT_TRANSACTIONAL =
  'MONGODB_URL names a MongoDB server that is not a replica set (its hello answer has no setName): the read store ' +
  'commits documents and checkpoint in one transaction, which needs a replica set (a single node will do: start ' +
  'mongod with --replSet and run rs.initiate(), as docker compose does) or a sharded cluster.';
const TOO_OLD = 'MONGODB_URL names a MongoDB server older than 5.0; the read store needs MongoDB 5.0 or later.';

/**
 * What makes a server unfit, from its hello answer: transactions need a replica set member
 * (`setName`) or a mongos (`msg: "isdbgrid"`), and the document check assumes 5.0 or later.
 */
export function serverProblem(hello: Readonly<Record<string, unknown>>): string | undefined {
  if (typeof hello.setName !== 'string' && hello.msg !== 'isdbgrid') return NOT_TRANSACTIONAL;
  if (typeof hello.maxWireVersion !== 'number' || hello.maxWireVersion < MIN_WIRE_VERSION) return TOO_OLD;
  return undefined;
}
