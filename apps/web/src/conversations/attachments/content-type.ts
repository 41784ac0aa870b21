// Browsers leave the type of many text files empty (or call them octet-stream): the api checks the
// declared type against its list, so a file named for a text type is declared as that type.

const TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  md: 'text/markdown',
  markdown: 'text/markdown',
  txt: 'text/plain',
  log: 'text/plain',
  csv: 'text/csv',
  tsv: 'text/tsv',
  json: 'application/json',
  yaml: 'application/x-yaml',
  yml: 'application/x-yaml',
  xml: 'text/xml',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  js: 'text/javascript',
  ts: 'text/typescript',
  py: 'text/x-python',
  sh: 'text/x-sh',
  sql: 'text/x-sql',
  pdf: 'application/pdf',
};

/** The type to declare for a file: the browser's when it knows one, else the one its extension names, else octet-stream. */
export function contentTypeOf(file: { readonly name: string; readonly type: string }): string {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  const named = extension === undefined ? undefined : TYPE_BY_EXTENSION[extension];
  if (file.type !== '' && (file.type !== 'application/octet-stream' || named === undefined)) return file.type;
  return named ?? 'application/octet-stream';
}
